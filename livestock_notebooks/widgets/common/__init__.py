"""widgets/common"""

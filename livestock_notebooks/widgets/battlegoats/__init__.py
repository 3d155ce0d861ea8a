"""widgets/battlegoats"""

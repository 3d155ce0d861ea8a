"""widgets/livestock_uprising"""

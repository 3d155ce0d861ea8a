"""widgets/shell"""

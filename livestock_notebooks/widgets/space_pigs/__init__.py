"""widgets/space_pigs"""

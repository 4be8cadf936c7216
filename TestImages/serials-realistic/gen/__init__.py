"""Realistic phone-photo generator for device serial numbers (Legible test set).

Independent of the project's other generators: nothing here imports or copies
TestImages/serials/gen or TestImages/serials-independent/gen.
"""

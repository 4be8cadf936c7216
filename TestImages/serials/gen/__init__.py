"""Synthetic phone-photo generator for device serial numbers (Legible test data).

Modules:
  fonts     font registry (files under /usr/share/fonts, with their apt packages)
  serials   serial-number grammars (Apple 12/11/10, Dell, Samsung, generic)
  scene     resolution-independent drawing items and the painter that renders them
  textures  procedural surfaces: brushed metal, paper, plastic, desk, wallpaper
  degrade   camera model: geometry (homography, curl) and photometric damage
  etched, screen, sticker   one module per preset; each exposes build(rng, difficulty, fonts)
"""

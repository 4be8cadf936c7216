"""Independent synthetic serial-number photo generator (etched / screen / sticker)."""

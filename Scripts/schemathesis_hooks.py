"""Loaded by Scripts/schemathesis.sh into schemathesis (test tooling; the server never runs Python).

schemathesis fills a `format: binary` field with one of its sample files (a 1x1 PNG, JPEG, GIF and WebP, a
one-page PDF, a ZIP) or random bytes. The images get past sniffing but hold no serial, so /scan and
/process-serial would only ever answer "no serial found", and the documented success bodies (ScanResults, a
completed ScanJob with results) would never be checked against a live answer. This adds the two serial labels of
TestImages/examples (531x111 and 530x105 grey PNGs, read in about 0.4 s by the debug build) to those samples, so
some schema-valid uploads carry a real serial; everything else is generated as before.

The samples are schemathesis's module-level table (`schemathesis.core.file_samples.FILE_SAMPLES`, read each time a
binary value is drawn), not a public API: Scripts/schemathesis.sh pins the version this was written against. A
hook that swapped the image in a generated case instead would make schemathesis re-validate the body, which it
cannot do for binary parts, and count the case as schema-invalid.
"""

from __future__ import annotations

from pathlib import Path

from schemathesis.core.file_samples import FILE_SAMPLES

EXAMPLES = Path(__file__).resolve().parent.parent / "TestImages" / "examples"

for name in ("label.png", "dark-screen.png"):
    FILE_SAMPLES[f"legible-{name}"] = (EXAMPLES / name).read_bytes()

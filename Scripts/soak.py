#!/usr/bin/env python3
"""Soak test (not a unit test): a release legible-server on loopback under a bounded mix of valid and hostile
traffic for MINUTES, sampling the server's resident memory, open descriptors, threads, engine workers and data
folder every 10 s. Standard library only. Run through Scripts/soak.sh, which builds the server first.

At the end, every scan job and document the loops kept (did not delete) is looked up again: each must be there,
or gone only once its time to live has passed (nothing stored is lost).

Exit status 1 when the server dies, answers a 5xx other than an intended 503, a request fails to connect, or a
kept job or document is gone before its time to live.
"""
import collections
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEY = "soak-key-0123456789"
PORT = int(os.environ.get("SOAK_PORT", "18191"))
FORMS = os.path.join(ROOT, "..", "shared", "forms", "interactive")
SCAN_TTL, DOCUMENT_TTL = 120, 300
# Jobs and documents the loops kept: (path to look up, time to live in seconds, when it was created).
KEPT = []
KEPT_LOCK = threading.Lock()


def keep(path, ttl, created):
    with KEPT_LOCK:
        KEPT.append((path, ttl, created))


def read(path):
    with open(os.path.join(ROOT, path), "rb") as handle:
        return handle.read()


def multipart(fields, files):
    boundary = "soak" + uuid.uuid4().hex
    body = bytearray()
    for name, value in fields.items():
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    for name, (filename, data) in files.items():
        body += (f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                 "Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    return bytes(body), f"multipart/form-data; boundary={boundary}"


def nested_xobject_pdf(depth=9):
    """A page drawing an XObject that draws the next ten times, `depth` levels deep."""
    objects = {1: b"<< /Type /Catalog /Pages 2 0 R >>", 2: b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
                  b"/Resources << /XObject << /X0 5 0 R >> >> >>"}
    def stream(content, extra=b""):
        return b"<< " + extra + b" /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
    objects[4] = stream(b"/X0 Do")
    for level in range(depth + 1):
        form = b"/Type /XObject /Subtype /Form /BBox [0 0 100 100]"
        if level < depth:
            objects[5 + level] = stream(b" ".join([b"q 1 0 0 1 0.1 0.1 cm /X Do Q"] * 10),
                                        form + b" /Resources << /XObject << /X %d 0 R >> >>" % (6 + level))
        else:
            objects[5 + level] = stream(b"0 0 1 1 re f", form)
    out = bytearray(b"%PDF-1.4\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for number in sorted(objects):
        out += b"%010d 00000 n \n" % offsets[number]
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def gif_bomb():
    """A 2x2 GIF whose second frame declares 20000x20000."""
    codes, packed, bits, count = [4, 0, 4, 0, 4, 0, 4, 0, 5], bytearray(), 0, 0
    for code in codes:
        bits |= code << count
        count += 3
        while count >= 8:
            packed.append(bits & 0xFF)
            bits >>= 8
            count -= 8
    if count:
        packed.append(bits & 0xFF)
    data = bytearray(b"GIF89a" + (2).to_bytes(2, "little") * 2 + bytes([0x80, 0, 0, 0, 0, 0, 255, 255, 255]))
    for width, height in [(2, 2), (20000, 20000)]:
        data += bytes([0x2C]) + bytes(4) + width.to_bytes(2, "little") + height.to_bytes(2, "little") + b"\x00"
        data += bytes([2, len(packed)]) + packed + b"\x00"
    return bytes(data + b"\x3B")


class Client:
    def __init__(self, stats):
        self.stats = stats

    def request(self, method, path, body=None, content_type=None, key=KEY, expect_json=True):
        headers = {}
        if key:
            headers["X-API-Key"] = key
        if content_type:
            headers["Content-Type"] = content_type
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=180)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            data = response.read()
            connection.close()
        except (OSError, http.client.HTTPException) as error:
            self.stats["connection errors"] += 1
            self.stats.setdefault("_errors", []).append(f"{method} {path}: {error}")
            return 0, None
        self.stats[f"{response.status}"] += 1
        if response.status >= 500 and response.status != 503:
            self.stats.setdefault("_errors", []).append(f"{method} {path}: {response.status} {data[:200]!r}")
        try:
            return response.status, json.loads(data) if expect_json and data else None
        except ValueError:
            return response.status, None


def valid_sync_scan(client, photos):
    body, kind = multipart({"device_type": "macbook"}, {"image": ("p.jpg", random.choice(photos))})
    client.request("POST", "/process-serial", body, kind)


def valid_async_scan(client, photos):
    body, kind = multipart({"device_type": "iphone"}, {"image": ("p.jpg", random.choice(photos))})
    status, answer = client.request("POST", "/scan", body, kind)
    if status != 202 or not answer:
        return
    job = answer["job_id"]
    created = time.time()
    if random.random() < 0.2:
        client.request("POST", f"/result/{job}/cancel")
    for _ in range(100):
        status, result = client.request("GET", f"/result/{job}")
        if not result or result.get("status") in ("completed", "failed", "cancelled"):
            break
        time.sleep(0.2)
    if random.random() < 0.5:
        client.request("DELETE", f"/result/{job}")
    else:
        keep(f"/result/{job}", SCAN_TTL, created)


def document_flow(client, form, hostile=False):
    body, kind = multipart({}, {"file": ("form.pdf", form)})
    status, answer = client.request("POST", "/api/v1/documents/init-upload", body, kind)
    if status != 201 or not answer:
        return
    document = answer["documentId"]
    created = time.time()
    client.request("POST", f"/api/v1/documents/{document}/process")
    detail = None
    for _ in range(300):
        status, detail = client.request("GET", f"/api/v1/documents/{document}")
        if not detail or detail["document"]["status"] not in ("imported", "processing"):
            break
        time.sleep(0.2)
    if hostile or not detail or detail["document"]["status"] != "ready":
        client.request("DELETE", f"/api/v1/documents/{document}")
        return
    values = [{"fieldRegionId": field["fieldId"], "value": "Soak", "source": "manual"}
              for field in detail["components"] if field["type"] in ("text", "date")][:20]
    client.request("POST", f"/api/v1/documents/{document}/values", json.dumps({"values": values}), "application/json")
    client.request("POST", f"/api/v1/documents/{document}/compose")
    for _ in range(300):
        status, detail = client.request("GET", f"/api/v1/documents/{document}")
        if not detail or detail["document"]["status"] != "filling":
            break
        time.sleep(0.2)
    status, link = client.request("GET", f"/api/v1/documents/{document}/download")
    if link:
        path = "/" + link["filledPdfUrl"].split("/", 3)[3]
        client.request("GET", path, key=None, expect_json=False)
    if random.random() < 0.5:
        client.request("DELETE", f"/api/v1/documents/{document}")
    else:
        keep(f"/api/v1/documents/{document}", DOCUMENT_TTL, created)


def hostile(client, photos, bombs):
    choice = random.randrange(9)
    if choice == 0:  # truncated JPEG
        body, kind = multipart({"device_type": "iphone"}, {"image": ("t.jpg", random.choice(photos)[:2000])})
        client.request("POST", "/process-serial", body, kind)
    elif choice == 1:  # over the upload limit
        body, kind = multipart({"device_type": "iphone"}, {"image": ("big.jpg", os.urandom(5 << 20))})
        client.request("POST", "/process-serial", body, kind)
    elif choice == 2:  # wrong type
        client.request("POST", "/scan", b"not multipart", "text/plain")
    elif choice == 3:  # decompression bombs as photos
        name, data = random.choice([("g.gif", bombs["gif"]), ("h.heic", bombs["heic"])])
        body, kind = multipart({"device_type": "iphone"}, {"image": (name, data)})
        client.request("POST", "/process-serial", body, kind)
    elif choice == 4:  # a PDF that never finishes rendering
        document_flow(client, bombs["xobject"], hostile=True)
    elif choice == 5:  # damaged PDF
        body, kind = multipart({}, {"file": ("d.pdf", b"%PDF-1.7\n" + os.urandom(3000))})
        client.request("POST", "/api/v1/documents/init-upload", body, kind)
    elif choice == 6:  # bad JSON and bad ids
        client.request("POST", f"/api/v1/documents/{uuid.uuid4()}/values", b"{nope", "application/json")
        client.request("GET", "/result/not-a-uuid")
        client.request("GET", "/api/v1/documents/../../etc/passwd")
    elif choice == 7:  # wrong key
        client.request("GET", "/jobs", key="wrong-key-0000000")
    else:  # a client that stops mid-upload and goes away
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=5) as raw:
                raw.sendall(b"POST /process-serial HTTP/1.1\r\nHost: localhost\r\nX-API-Key: " + KEY.encode()
                            + b"\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 900000\r\n\r\n"
                            + b"--x\r\n" + os.urandom(20000))
                time.sleep(random.uniform(0, 2))
        except OSError:
            pass
        client.stats["abandoned uploads"] += 1


def sample(pid, data_dir):
    def status_field(name, target):
        with open(f"/proc/{target}/status") as handle:
            for line in handle:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        return 0
    children = [int(p) for p in os.listdir("/proc") if p.isdigit() and _parent(int(p)) == pid]
    size = 0
    for folder, _, names in os.walk(data_dir):
        for name in names:
            try:
                size += os.path.getsize(os.path.join(folder, name))
            except OSError:
                pass
    return {
        "rss MB": status_field("VmRSS", pid) / 1024,
        "workers MB": sum(status_field("VmRSS", child) for child in children) / 1024,
        "workers": len(children),
        "fds": len(os.listdir(f"/proc/{pid}/fd")),
        "threads": status_field("Threads", pid),
        "data MB": size / 1e6,
    }


def _parent(pid):
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return int(handle.read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def main():
    minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 5
    binary = os.path.join(ROOT, ".build", "release", "legible-server")
    data_dir = tempfile.mkdtemp(prefix="legible-soak-")
    server = subprocess.Popen(
        [binary, "--port", str(PORT), "--data-dir", data_dir, "--api-key", KEY, "--rate-limit", "100000",
         "--auth-failure-limit", "100000", "--max-upload", str(4 << 20), "--job-deadline", "10",
         "--scan-ttl", str(SCAN_TTL), "--document-ttl", str(DOCUMENT_TTL), "--log-level", "error"])
    try:
        for _ in range(200):
            try:
                http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/health")
                break
            except OSError:
                time.sleep(0.1)
        photos = [read(f"TestImages/serials/{name}") for name in sorted(os.listdir(os.path.join(ROOT, "TestImages/serials")))
                  if name.endswith(".jpg")][:30]
        forms = [open(os.path.join(FORMS, name), "rb").read() for name in sorted(os.listdir(FORMS))[:6]]
        bombs = {"gif": gif_bomb(), "heic": read("TestImages/formats/grid-bomb.heic"), "xobject": nested_xobject_pdf()}
        stats = collections.Counter()
        stop = time.time() + minutes * 60

        def loop(kind):
            client = Client(stats)
            random.seed(hash(kind) ^ os.getpid())
            while time.time() < stop and server.poll() is None:
                if kind == "scans":
                    random.choice([valid_sync_scan, valid_async_scan])(client, photos)
                elif kind == "documents":
                    document_flow(client, random.choice(forms))
                else:
                    hostile(client, photos, bombs)

        threads = [threading.Thread(target=loop, args=(kind,), daemon=True)
                   for kind in ["scans", "scans", "documents", "hostile", "hostile"]]
        for thread in threads:
            thread.start()
        rows = []
        started = time.time()
        while time.time() < stop and server.poll() is None:
            time.sleep(10)
            if server.poll() is None:
                rows.append((time.time() - started, sample(server.pid, data_dir)))
                row = rows[-1][1]
                print(f"{rows[-1][0]:6.0f} s  rss {row['rss MB']:6.1f} MB  workers {row['workers']} "
                      f"({row['workers MB']:6.1f} MB)  fds {row['fds']:4d}  threads {row['threads']:3d}  "
                      f"data {row['data MB']:7.2f} MB", flush=True)
        for thread in threads:
            thread.join(timeout=200)
        died = server.poll() is not None
        if not died:
            kept = collections.Counter()
            client = Client(collections.Counter())
            with KEPT_LOCK:
                entries = list(KEPT)
            for path, ttl, created in entries:
                status, _ = client.request("GET", path)
                # Created is taken when the answer arrived, so "before its time" allows a second of slack.
                if status == 200:
                    kept["present"] += 1
                elif status == 404 and time.time() - created >= ttl - 1:
                    kept["expired by their time to live"] += 1
                else:
                    kept["gone early"] += 1
                    stats.setdefault("_errors", []).append(f"GET {path}: {status} {time.time() - created:.0f} s after it was made")
            print("kept jobs and documents:", dict(kept))
        print("answers:", dict(sorted((k, v) for k, v in stats.items() if not k.startswith("_"))))
        errors = stats.get("_errors", [])
        for line in errors[:20]:
            print("error:", line)
        if rows:
            five = [r for t, r in rows if t >= min(300, rows[-1][0] / 2)]
            if five:
                print(f"resident after warm-up: {five[0]['rss MB']:.1f} -> {rows[-1][1]['rss MB']:.1f} MB; "
                      f"fds {five[0]['fds']} -> {rows[-1][1]['fds']}")
        if died:
            print("error: the server died", file=sys.stderr)
        return 1 if died or errors else 0
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Load benchmark (not a test) of the queued scan flow: POST /scan, then poll GET /result/{id} until the job ends.

Usage: bench-queue.py IMAGE DEVICE JOBS CONCURRENCY URL [URL ...]
Each of CONCURRENCY client threads submits a scan, polls it every 20 ms until it has ended, and takes the next,
until JOBS jobs are done; submissions go to the URLs in turn (two URLs: two instances behind a load balancer),
polls to the next URL (a job is read on the instance that did not take it). Prints jobs/s and the latency from
submission to the end of the job (p50, p90, p99) as one JSON line. Test tooling only; standard library only.
"""
import http.client
import json
import sys
import threading
import time
import urllib.parse
import uuid


def multipart(image: bytes, device: str):
    boundary = uuid.uuid4().hex
    body = b"".join([
        f'--{boundary}\r\nContent-Disposition: form-data; name="device_type"\r\n\r\n{device}\r\n'.encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo"\r\n'
        f"Content-Type: application/octet-stream\r\n\r\n".encode() + image + b"\r\n",
        f"--{boundary}--\r\n".encode(),
    ])
    return body, f"multipart/form-data; boundary={boundary}"


def main() -> None:
    image_path, device, jobs, concurrency, *urls = sys.argv[1:]
    jobs, concurrency = int(jobs), int(concurrency)
    body, content_type = multipart(open(image_path, "rb").read(), device)
    hosts = [urllib.parse.urlsplit(url).netloc for url in urls]
    lock = threading.Lock()
    taken = [0]
    latencies: list[float] = []
    failures: list[str] = []

    def worker(index: int) -> None:
        connections = [http.client.HTTPConnection(host, timeout=60) for host in hosts]
        while True:
            with lock:
                if taken[0] >= jobs:
                    return
                number = taken[0]
                taken[0] += 1
            submit = connections[number % len(hosts)]
            poll = connections[(number + 1) % len(hosts)]
            started = time.monotonic()
            submit.request("POST", "/scan", body=body, headers={"Content-Type": content_type})
            response = submit.getresponse()
            answer = response.read()
            if response.status != 202:
                failures.append(f"submit {response.status}: {answer[:200]!r}")
                continue
            job_id = json.loads(answer)["job_id"]
            while True:
                poll.request("GET", f"/result/{job_id}")
                response = poll.getresponse()
                state = json.loads(response.read())
                if response.status != 200:
                    failures.append(f"poll {response.status}: {state}")
                    break
                if state["status"] in ("completed", "failed", "cancelled"):
                    if state["status"] != "completed":
                        failures.append(f"job {state['status']}: {state.get('error')}")
                    with lock:
                        latencies.append(time.monotonic() - started)
                    break
                time.sleep(0.02)

    began = time.monotonic()
    threads = [threading.Thread(target=worker, args=(index,)) for index in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - began
    latencies.sort()

    def percentile(p: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000) if latencies else 0

    print(json.dumps({
        "instances": len(urls), "jobs": len(latencies), "failures": len(failures), "seconds": round(elapsed, 1),
        "jobs_per_second": round(len(latencies) / elapsed, 2), "p50_ms": percentile(0.5),
        "p90_ms": percentile(0.9), "p99_ms": percentile(0.99), "first_failures": failures[:3],
    }))


if __name__ == "__main__":
    main()

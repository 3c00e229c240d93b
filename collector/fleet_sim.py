#!/usr/bin/env python3
"""Plays N wirecost agents against one OpenTelemetry Collector and one Prometheus on this machine, and
measures what they cost per agent. Loopback only, bounded in agents (<= 1000) and time (<= 15 min).

Each simulated agent
  - serves /metrics on its own loopback port, scraped by Prometheus: every category of the rule set (--rules)
    as wirecost_cpu_samples_total{category,group,service} and wirecost_category_share_ratio, plus the agent's
    health series, i.e. the most series a real agent exposes (bounded by the rule set's categories, never by
    the application's threads or classes);
  - sends one OTLP profile per window over OTLP/HTTP to the Collector: the --profile request (made by
    `wirecost export`) with its resource renamed to the agent's service and instance.

  fleet_sim.py --collector BIN --prometheus BIN --profile REQUEST.pb --agents 200 --seconds 120 --out DIR

prints one JSON line: agents, windows sent, bytes per profile, the Collector's and Prometheus's CPU seconds per
second and resident memory at the end, Prometheus's head series, and the same divided per agent.
"""
import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

from opentelemetry.proto.collector.profiles.v1development import profiles_service_pb2 as service

HEALTH = ["wirecost_agent_segments_total", "wirecost_agent_samples_total", "wirecost_agent_samples_dropped_total",
          "wirecost_agent_errors_total", "wirecost_agent_cpu_seconds_total", "wirecost_agent_allocated_bytes_total",
          "wirecost_agent_unsampled_seconds_total", "wirecost_agent_profiler_memory_bytes",
          "wirecost_agent_last_segment_timestamp_seconds"]
TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def categories_of(request):
    """(category, group) pairs the request's samples carry."""
    d = request.dictionary
    attrs = [(d.string_table[kv.key_strindex], kv.value.string_value) for kv in d.attribute_table]
    out = set()
    for rp in request.resource_profiles:
        for sp in rp.scope_profiles:
            for p in sp.profiles:
                for s in p.samples:
                    a = dict(attrs[i] for i in s.attribute_indices)
                    if "wirecost.category" in a:
                        out.add((a["wirecost.category"], a.get("wirecost.category.group", "")))
    return sorted(out)


class Agent:
    def __init__(self, index, services, categories, template):
        self.service = f"svc-{index % services}"
        self.instance = f"jvm-{index}"
        self.port = None  # chosen by the OS when its server starts (serve)
        self.categories = categories
        self.counts = {c: 0 for c, _ in categories}
        request = service.ExportProfilesServiceRequest()
        request.CopyFrom(template)
        for rp in request.resource_profiles:
            del rp.resource.attributes[:]
            for k, v in (("service.name", self.service), ("service.instance.id", self.instance)):
                kv = rp.resource.attributes.add(key=k)
                kv.value.string_value = v
        self.payload = request.SerializeToString()

    def metrics(self):
        for c in self.counts:
            self.counts[c] += random.randint(0, 50)
        total = sum(self.counts.values()) or 1
        lines = ["# TYPE wirecost_cpu_samples_total counter"]
        for c, g in self.categories:
            lines.append(f'wirecost_cpu_samples_total{{category="{c}",group="{g}",service="{self.service}"}} '
                         f'{self.counts[c]}')
        lines.append("# TYPE wirecost_category_share_ratio gauge")
        for c, g in self.categories:
            lines.append(f'wirecost_category_share_ratio{{category="{c}",group="{g}",service="{self.service}"}} '
                         f'{self.counts[c] / total}')
        for h in HEALTH:
            lines.append(f'{h}{{service="{self.service}"}} {random.random() * 100}')
        lines.append(f'wirecost_agent_info{{service="{self.service}",engine="async-profiler",event="cpu"}} 1')
        return ("\n".join(lines) + "\n").encode()


async def serve(agent):
    async def handle(reader, writer):
        try:
            while True:
                line = await reader.readline()
                if not line:
                    break
                while (await reader.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                body = agent.metrics()
                writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\n"
                             + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    agent.port = server.sockets[0].getsockname()[1]
    return server


def post(url, payload):
    req = urllib.request.Request(url, data=payload, method="POST",
                                 headers={"Content-Type": "application/x-protobuf"})
    with urllib.request.urlopen(req, timeout=10) as r:
        r.read()


async def exporter(agent, url, window, deadline, stats):
    await asyncio.sleep(random.random() * window)  # agents do not start in step
    loop = asyncio.get_running_loop()
    while time.monotonic() < deadline:
        try:
            await loop.run_in_executor(None, post, url, agent.payload)
            stats["sent"] += 1
        except OSError:
            stats["failed"] += 1
        await asyncio.sleep(window)


def prom_query(port, q):
    url = f"http://127.0.0.1:{port}/api/v1/query?query=" + urllib.parse.quote(q)
    with urllib.request.urlopen(url, timeout=10) as r:
        result = json.load(r)["data"]["result"]
    return float(result[0]["value"][1]) if result else 0.0


async def run(args):
    template = service.ExportProfilesServiceRequest()
    with open(args.profile, "rb") as f:
        template.ParseFromString(f.read())
    categories = categories_of(template)
    if args.rules:
        # every category of the rule set, as an agent whose application touches them all would expose
        with open(args.rules) as f:
            for line in f:
                words = line.split()
                if len(words) >= 3 and words[0] == "category" and words[2].startswith("group="):
                    categories.append((words[1], words[2][len("group="):]))
        categories = sorted(set(categories))
    agents = [Agent(i, args.services, categories, template) for i in range(args.agents)]
    servers = [await serve(a) for a in agents]
    os.makedirs(args.out, exist_ok=True)
    grpc, http, col_metrics, prom_port = free_port(), free_port(), free_port(), free_port()
    env = dict(os.environ, WIRECOST_OTLP_GRPC=f"127.0.0.1:{grpc}", WIRECOST_OTLP_HTTP=f"127.0.0.1:{http}",
               WIRECOST_PROFILES=os.path.join(args.out, "profiles.otlp"),
               WIRECOST_COLLECTOR_METRICS_PORT=str(col_metrics))
    here = os.path.dirname(os.path.abspath(__file__))
    config = os.path.join(args.out, "prometheus.yml")
    with open(config, "w") as f:
        f.write(f"global:\n  scrape_interval: {args.scrape:g}s\n  evaluation_interval: {args.scrape:g}s\n"
                f"rule_files:\n  - {os.path.join(here, '..', 'prometheus', 'rules')}/*.yml\n"
                "scrape_configs:\n  - job_name: wirecost-agents\n    static_configs:\n      - targets:\n")
        for a in agents:
            f.write(f"          - 127.0.0.1:{a.port}\n")
    logs = open(os.path.join(args.out, "processes.log"), "w")
    collector = subprocess.Popen([args.collector, "--feature-gates=service.profilesSupport",
                                  f"--config=file:{os.path.join(here, 'otelcol.yaml')}"],
                                 env=env, stdout=logs, stderr=subprocess.STDOUT)
    prometheus = subprocess.Popen([args.prometheus, f"--config.file={config}",
                                   f"--storage.tsdb.path={os.path.join(args.out, 'tsdb')}",
                                   f"--web.listen-address=127.0.0.1:{prom_port}"],
                                  stdout=logs, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            await asyncio.sleep(0.3)
            for name, p in (("the Collector", collector), ("Prometheus", prometheus)):
                if p.poll() is not None:
                    raise SystemExit(f"fleet_sim.py: {name} exited {p.returncode}; see {logs.name}")
            try:
                prom_query(prom_port, "up")
                break
            except OSError:
                pass
        stats = {"sent": 0, "failed": 0}
        start = time.monotonic()
        deadline = start + args.seconds
        c0, p0 = cpu_seconds(collector.pid), cpu_seconds(prometheus.pid)
        url = f"http://127.0.0.1:{http}/v1development/profiles"
        await asyncio.gather(*(exporter(a, url, args.window, deadline, stats) for a in agents))
        elapsed = time.monotonic() - start
        c1, p1 = cpu_seconds(collector.pid), cpu_seconds(prometheus.pid)
        n = args.agents
        with urllib.request.urlopen(f"http://127.0.0.1:{prom_port}/api/v1/status/tsdb", timeout=10) as r:
            series = json.load(r)["data"]["headStats"]["numSeries"]
        scraped = prom_query(prom_port, 'count({job="wirecost-agents"})')
        up = prom_query(prom_port, 'count(up{job="wirecost-agents"} == 1)')
        result = {
            "agents": n, "seconds": round(elapsed, 1), "window_s": args.window, "scrape_s": args.scrape,
            "profiles_sent": stats["sent"], "profiles_failed": stats["failed"], "targets_up": up,
            "bytes_per_profile": len(agents[0].payload), "categories": len(categories),
            "collector_cpu_per_s": round((c1 - c0) / elapsed, 4),
            "collector_rss_mib": round(rss_bytes(collector.pid) / 2**20, 1),
            "prometheus_cpu_per_s": round((p1 - p0) / elapsed, 4),
            "prometheus_rss_mib": round(rss_bytes(prometheus.pid) / 2**20, 1),
            "prometheus_head_series": series,
            "series_per_agent": round(scraped / n, 1),
            "load_avg_1m": os.getloadavg()[0],
        }
        for k in ("collector_cpu_per_s", "collector_rss_mib", "prometheus_cpu_per_s", "prometheus_rss_mib"):
            result[k + "_per_agent"] = round(result[k] / n, 5)
        print(json.dumps(result))
    finally:
        for p in (collector, prometheus):
            p.terminate()
        for p in (collector, prometheus):
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        for s in servers:
            s.close()


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--collector", required=True)
    parser.add_argument("--prometheus", default="prometheus")
    parser.add_argument("--profile", required=True, help="an ExportProfilesServiceRequest (wirecost export)")
    parser.add_argument("--rules", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "attribution",
                        "src", "main", "resources", "io", "wirecost", "attribution", "default.rules"),
                        help="a wirecost rules file: every category it declares gets its series (the bound on "
                             "an agent's label cardinality); '' for the profile's categories only")
    parser.add_argument("--agents", type=int, default=10)
    parser.add_argument("--services", type=int, default=10, help="agents are spread over this many services")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--window", type=float, default=10, help="seconds between an agent's profiles")
    parser.add_argument("--scrape", type=float, default=15, help="Prometheus's scrape interval, seconds")
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if not 1 <= args.agents <= 1000:
        parser.error("--agents must be between 1 and 1000")
    if not 1 <= args.seconds <= 900:
        parser.error("--seconds must be between 1 and 900")
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

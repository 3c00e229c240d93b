#!/usr/bin/env python3
"""OTLP profiles on the Python side of the tests, decoded with the published .proto files
(PyPI's opentelemetry-proto), independently of wirecost's Java encoder and of the Collector.

  decode FILE...        what a Collector's file exporter wrote (format: proto, i.e. each export
                        a 4-byte big-endian length then a ProfilesData) -> JSON on stdout:
                        per category the events and their weight, the resources, the sample types,
                        and the structural problems found (dangling indices...), if any
  make OUT --service S --instance I --category NAME=GROUP:EVENTS ...
                        writes one ExportProfilesServiceRequest (binary) of CPU samples with the
                        given categories, shaped as wirecost's agent shapes them
  send FILE (--http URL | --grpc HOST:PORT) [--header K=V]
                        sends an ExportProfilesServiceRequest file; prints the response's
                        partial-success rejections (exit 1 on any error)
"""
import argparse
import json
import struct
import sys
import time

from opentelemetry.proto.collector.profiles.v1development import profiles_service_pb2 as service
from opentelemetry.proto.common.v1 import common_pb2 as common
from opentelemetry.proto.profiles.v1development import profiles_pb2 as profiles

CATEGORY = "wirecost.category"
GROUP = "wirecost.category.group"
GRPC_METHOD = "/opentelemetry.proto.collector.profiles.v1development.ProfilesService/Export"


def read_exports(path):
    """The file exporter's proto format: repeated (uint32 big-endian length, ProfilesData)."""
    with open(path, "rb") as f:
        data = f.read()
    pos = 0
    while pos < len(data):
        if pos + 4 > len(data):
            raise ValueError(f"{path}: truncated length prefix at byte {pos}")
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        pos += 4
        if pos + n > len(data):
            raise ValueError(f"{path}: export at byte {pos - 4} claims {n} bytes, {len(data) - pos} left")
        message = profiles.ProfilesData()
        message.ParseFromString(data[pos:pos + n])
        pos += n
        yield message


def any_value(v, strings=()):
    """A value; the Collector may move strings into the dictionary's table (string_value_strindex)."""
    kind = v.WhichOneof("value")
    if kind == "string_value_strindex":
        return strings[v.string_value_strindex] if v.string_value_strindex < len(strings) else None
    return None if kind is None else getattr(v, kind)


def key(kv, strings):
    """A key, spelled out or (as the Collector re-encodes resources) an index into the string table."""
    return kv.key or (strings[kv.key_strindex] if kv.key_strindex < len(strings) else None)


def decode(paths):
    categories, resources, sample_types, problems = {}, [], set(), []
    exports = profile_count = sample_count = 0

    def check(ok, what):
        if not ok and len(problems) < 20:
            problems.append(what)

    for path in paths:
        for data in read_exports(path):
            exports += 1
            d = data.dictionary
            strings = d.string_table
            check(len(strings) > 0 and strings[0] == "", "string_table[0] must be the empty string")

            def s(i, what):
                check(0 <= i < len(strings), f"{what}: string index {i} outside the table of {len(strings)}")
                return strings[i] if 0 <= i < len(strings) else None

            for li, loc in enumerate(d.location_table):
                check(0 <= loc.mapping_index < max(1, len(d.mapping_table)), f"location {li}: mapping index")
                for line in loc.lines:
                    check(0 <= line.function_index < len(d.function_table), f"location {li}: function index")
            for fi, fn in enumerate(d.function_table):
                s(fn.name_strindex, f"function {fi} name")
            for si, st in enumerate(d.stack_table):
                for li in st.location_indices:
                    check(0 <= li < len(d.location_table), f"stack {si}: location index {li}")
            attributes = []
            for ai, kv in enumerate(d.attribute_table):
                attributes.append((s(kv.key_strindex, f"attribute {ai} key"), any_value(kv.value, strings)))
            for rp in data.resource_profiles:
                resources.append({key(kv, strings): any_value(kv.value, strings) for kv in rp.resource.attributes})
                for sp in rp.scope_profiles:
                    for p in sp.profiles:
                        profile_count += 1
                        sample_types.add(f"{s(p.sample_type.type_strindex, 'sample type')}/"
                                         f"{s(p.sample_type.unit_strindex, 'sample unit')}")
                        unit_count = strings[p.sample_type.unit_strindex] == "count" \
                            if p.sample_type.unit_strindex < len(strings) else False
                        for sample in p.samples:
                            sample_count += 1
                            check(0 <= sample.stack_index < len(d.stack_table),
                                  f"sample stack index {sample.stack_index}")
                            attrs = {}
                            for ai in sample.attribute_indices:
                                check(0 <= ai < len(attributes), f"sample attribute index {ai}")
                                if 0 <= ai < len(attributes):
                                    attrs[attributes[ai][0]] = attributes[ai][1]
                            times, values = len(sample.timestamps_unix_nano), len(sample.values)
                            check(times == 0 or values == 0 or times == values,
                                  f"a sample has {values} values and {times} timestamps")
                            if times:
                                events, weight = times, sum(sample.values) if values else times
                            elif unit_count:
                                events = weight = sum(sample.values)
                            else:
                                events, weight = values, sum(sample.values)
                            name = attrs.get(CATEGORY, "(none)")
                            c = categories.setdefault(name, {"group": attrs.get(GROUP), "events": 0, "weight": 0})
                            c["events"] += events
                            c["weight"] += weight
    return {"exports": exports, "profiles": profile_count, "samples": sample_count,
            "categories": dict(sorted(categories.items())), "resources": resources,
            "sample_types": sorted(sample_types), "problems": problems}


class Dictionary:
    """Interns strings, functions, locations, stacks and attributes once each, as the spec intends."""

    def __init__(self):
        self.d = profiles.ProfilesDictionary()
        self.d.string_table.append("")
        self.d.mapping_table.add()
        self.d.attribute_table.add()
        self.d.stack_table.add()
        self.d.location_table.add()
        self.d.function_table.add()
        self.index = {}

    def _intern(self, key, make):
        if key not in self.index:
            self.index[key] = make()
        return self.index[key]

    def string(self, text):
        def make():
            self.d.string_table.append(text)
            return len(self.d.string_table) - 1
        return self._intern(("s", text), make)

    def attribute(self, key, value):
        def make():
            kv = self.d.attribute_table.add(key_strindex=self.string(key))
            kv.value.string_value = value
            return len(self.d.attribute_table) - 1
        return self._intern(("a", key, value), make)

    def stack(self, frames):
        def make():
            indices = []
            for frame in frames:
                def location():
                    fn = self._intern(("f", frame), lambda: (
                        self.d.function_table.add(name_strindex=self.string(frame)),
                        len(self.d.function_table) - 1)[1])
                    loc = self.d.location_table.add()
                    loc.lines.add(function_index=fn)
                    return len(self.d.location_table) - 1
                indices.append(self._intern(("l", frame), location))
            self.d.stack_table.add(location_indices=indices)
            return len(self.d.stack_table) - 1
        return self._intern(("k", tuple(frames)), make)


def make_request(service_name, instance, categories, period_nanos=10_000_000, now_nanos=None):
    """One CPU profile whose samples carry wirecost's category attributes; categories: name -> (group, events)."""
    now = now_nanos or time.time_ns()
    d = Dictionary()
    request = service.ExportProfilesServiceRequest()
    rp = request.resource_profiles.add()
    for key, value in (("service.name", service_name), ("service.instance.id", instance),
                       ("process.runtime.name", "simulated")):
        rp.resource.attributes.add(key=key, value=common.AnyValue(string_value=value))
    sp = rp.scope_profiles.add()
    sp.scope.name = "wirecost"
    p = sp.profiles.add(time_unix_nano=now, duration_nano=period_nanos * 100, period=period_nanos)
    p.sample_type.type_strindex = d.string("cpu")
    p.sample_type.unit_strindex = d.string("count")
    p.period_type.type_strindex = d.string("cpu")
    p.period_type.unit_strindex = d.string("nanoseconds")
    p.profile_id = bytes([1]) + now.to_bytes(8, "big") + bytes(7)
    for name, (group, events) in categories.items():
        if events <= 0:
            continue
        sample = p.samples.add(stack_index=d.stack([f"{name}.Leaf.run", "java.lang.Thread.run"]))
        sample.attribute_indices.extend([d.attribute(CATEGORY, name), d.attribute(GROUP, group),
                                         d.attribute("thread.name", "worker-1")])
        sample.values.append(events)
    request.dictionary.CopyFrom(d.d)
    return request


def send(payload, http=None, grpc_target=None, headers=(), timeout=10):
    """Sends serialized ExportProfilesServiceRequest bytes; returns the response."""
    if http:
        import urllib.request
        req = urllib.request.Request(http, data=payload, method="POST",
                                     headers={"Content-Type": "application/x-protobuf", **dict(headers)})
        with urllib.request.urlopen(req, timeout=timeout) as r:
            response = service.ExportProfilesServiceResponse()
            response.ParseFromString(r.read())
            return response
    import grpc
    with grpc.insecure_channel(grpc_target) as channel:
        export = channel.unary_unary(GRPC_METHOD, request_serializer=None,
                                     response_deserializer=service.ExportProfilesServiceResponse.FromString)
        return export(payload, metadata=list(headers), timeout=timeout)


def main(argv):
    parser = argparse.ArgumentParser(prog="otlp_profiles.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("decode")
    c.add_argument("files", nargs="+")
    c = commands.add_parser("make")
    c.add_argument("out")
    c.add_argument("--service", required=True)
    c.add_argument("--instance", required=True)
    c.add_argument("--category", action="append", default=[], help="NAME=GROUP:EVENTS")
    c = commands.add_parser("send")
    c.add_argument("file")
    c.add_argument("--http")
    c.add_argument("--grpc")
    c.add_argument("--header", action="append", default=[], help="KEY=VALUE")
    args = parser.parse_args(argv)
    if args.command == "decode":
        json.dump(decode(args.files), sys.stdout, indent=1)
        print()
    elif args.command == "make":
        categories = {}
        for spec in args.category:
            name, _, rest = spec.partition("=")
            group, _, events = rest.partition(":")
            if not name or not group or not events.isdigit():
                parser.error(f"--category {spec}: expected NAME=GROUP:EVENTS")
            categories[name] = (group, int(events))
        with open(args.out, "wb") as f:
            f.write(make_request(args.service, args.instance, categories).SerializeToString())
    else:
        if bool(args.http) == bool(args.grpc):
            parser.error("send: give exactly one of --http URL and --grpc HOST:PORT")
        headers = [tuple(h.split("=", 1)) for h in args.header]
        with open(args.file, "rb") as f:
            response = send(f.read(), http=args.http, grpc_target=args.grpc, headers=headers)
        rejected = response.partial_success.rejected_profiles
        print(json.dumps({"rejected_profiles": rejected, "error_message": response.partial_success.error_message}))
        return 1 if rejected else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

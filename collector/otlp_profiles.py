#!/usr/bin/env python3
"""OTLP profiles on the Python side of the tests, decoded with the published .proto files
(PyPI's opentelemetry-proto), independently of wirecost's Java encoder and of the Collector.

  decode FILE...        what a Collector's file exporter wrote (format: proto, i.e. each export
                        a 4-byte big-endian length then a ProfilesData) -> JSON on stdout:
                        per category the events and their weight, the resources, the sample types,
                        and each export's conformance problems (see conformance()), if any
  make OUT --service S --instance I --category NAME=GROUP:EVENTS ...
                        writes one ExportProfilesServiceRequest (binary) of CPU samples with the
                        given categories, shaped as wirecost's agent shapes them
  send FILE (--http URL | --grpc HOST:PORT) [--header K=V]
                        sends an ExportProfilesServiceRequest file; prints the response's
                        partial-success rejections (exit 1 on any error)
  selfcheck             the conformance rules against a valid request and one broken copy per rule:
                        prints each rule's verdict as JSON, exit 1 when a valid request is flagged
                        or a broken one passes (a checker that flags nothing would pass every test)
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
    spelled = getattr(kv, "key", "")  # KeyValueAndUnit (the dictionary's attributes) has only the index
    return spelled or (strings[kv.key_strindex] if kv.key_strindex < len(strings) else None)


def conformance(data):
    """The rules the profiling SIG's conformance checker (profcheck) applies, written here because its Go
    module is not served by the module proxy (docs/fleet.md): each problem found, as a line."""
    problems = []
    d = data.dictionary
    strings = d.string_table

    def index(i, size, what):
        if not 0 <= i < size:
            problems.append(f"{what}: index {i} outside a table of {size}")

    def attribute_indices(indices, what):
        """In range, and no key twice in one list (profcheck's checkAttributeIndices)."""
        seen = set()
        for a in indices:
            if not 0 <= a < len(d.attribute_table):
                problems.append(f"{what}: index {a} outside a table of {len(d.attribute_table)}")
                continue
            k = d.attribute_table[a].key_strindex
            if k in seen:
                problems.append(f"{what}: duplicate key {strings[k] if k < len(strings) else k!r}")
            seen.add(k)

    if not strings or strings[0] != "":
        problems.append("dictionary.string_table: index 0 must be the empty string")
    if len(set(strings)) != len(strings):
        problems.append("dictionary.string_table: duplicate strings")
    for name in ("mapping_table", "location_table", "function_table", "link_table", "stack_table"):
        table = getattr(d, name)
        if not table or table[0].ByteSize() != 0:
            problems.append(f"dictionary.{name}: index 0 must hold the zero value")
    zero = d.attribute_table[0] if d.attribute_table else None
    if zero is None or zero.key_strindex or zero.unit_strindex or zero.value.WhichOneof("value"):
        problems.append("dictionary.attribute_table: index 0 must hold the zero value")
    for i, m in enumerate(d.mapping_table):
        index(m.filename_strindex, len(strings), f"mapping_table[{i}].filename_strindex")
        attribute_indices(m.attribute_indices, f"mapping_table[{i}].attribute_indices")
        if (m.memory_start or m.memory_limit) and not m.memory_start < m.memory_limit:
            problems.append(f"mapping_table[{i}]: memory_start must be below memory_limit")
    for i, loc in enumerate(d.location_table):
        index(loc.mapping_index, len(d.mapping_table), f"location_table[{i}].mapping_index")
        attribute_indices(loc.attribute_indices, f"location_table[{i}].attribute_indices")
        for line in loc.lines:
            index(line.function_index, len(d.function_table), f"location_table[{i}].line.function_index")
            if line.line < 0 or line.column < 0:
                problems.append(f"location_table[{i}]: negative line or column")
    for i, fn in enumerate(d.function_table):
        for f in (fn.name_strindex, fn.system_name_strindex, fn.filename_strindex):
            index(f, len(strings), f"function_table[{i}] string")
        if fn.start_line < 0:
            problems.append(f"function_table[{i}]: negative start_line")
    for i, link in enumerate(d.link_table[1:], 1):
        if len(link.trace_id) != 16 or len(link.span_id) != 8:
            problems.append(f"link_table[{i}]: trace_id must be 16 bytes and span_id 8")
    for i, kv in enumerate(d.attribute_table):
        index(kv.key_strindex, len(strings), f"attribute_table[{i}].key_strindex")
        index(kv.unit_strindex, len(strings), f"attribute_table[{i}].unit_strindex")
    for i, st in enumerate(d.stack_table):
        for li in st.location_indices:
            index(li, len(d.location_table), f"stack_table[{i}].location_indices")
    if not data.resource_profiles:
        problems.append("resource_profiles is empty")
    for r, rp in enumerate(data.resource_profiles):
        if not rp.scope_profiles:
            problems.append(f"resource_profiles[{r}] has no scope profiles")
        for sp in rp.scope_profiles:
            if not sp.profiles:
                problems.append(f"resource_profiles[{r}]: a scope has no profiles")
            for p in sp.profiles:
                attribute_indices(p.attribute_indices, "profile.attribute_indices")
                for vt in (p.sample_type, p.period_type):
                    index(vt.type_strindex, len(strings), "profile value type")
                    index(vt.unit_strindex, len(strings), "profile value type unit")
                shapes = set()
                for sample in p.samples:
                    index(sample.stack_index, len(d.stack_table), "sample.stack_index")
                    index(sample.link_index, len(d.link_table), "sample.link_index")
                    attribute_indices(sample.attribute_indices, "sample.attribute_indices")
                    for t in sample.timestamps_unix_nano:
                        if not p.time_unix_nano <= t < p.time_unix_nano + p.duration_nano:
                            problems.append("sample timestamp outside the profile's time range")
                    values, times = len(sample.values), len(sample.timestamps_unix_nano)
                    if values and times and values != times:
                        problems.append(f"a sample has {values} values and {times} timestamps")
                    if values and not times and values != 1:
                        problems.append(f"a sample without timestamps has {values} values (must be 1)")
                    if not values and not times:
                        problems.append("a sample has neither values nor timestamps")
                    shapes.add((values > 0, times > 0))
                if len(shapes) > 1:
                    problems.append("samples of one profile differ in shape (values, timestamps)")
    return problems


def decode(paths):
    categories, resources, sample_types, problems = {}, [], set(), []
    exports = profile_count = sample_count = 0
    for path in paths:
        for data in read_exports(path):
            exports += 1
            problems.extend(f"export {exports}: {p}" for p in conformance(data)[:20])
            strings = data.dictionary.string_table
            attributes = [(key(kv, strings), any_value(kv.value, strings)) for kv in data.dictionary.attribute_table]
            for rp in data.resource_profiles:
                resources.append({key(kv, strings): any_value(kv.value, strings) for kv in rp.resource.attributes})
                for sp in rp.scope_profiles:
                    for p in sp.profiles:
                        profile_count += 1
                        sample_types.add(f"{strings[p.sample_type.type_strindex]}/{strings[p.sample_type.unit_strindex]}")
                        unit_count = strings[p.sample_type.unit_strindex] == "count"
                        for sample in p.samples:
                            sample_count += 1
                            attrs = dict(attributes[a] for a in sample.attribute_indices)
                            times, values = len(sample.timestamps_unix_nano), len(sample.values)
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
        self.d.link_table.add()
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


def selfcheck():
    """Each rule of conformance() on a copy of a valid request broken in that one way: rule -> problems found."""
    def data():
        request = make_request("svc", "i-1", {"tls": ("middleware", 3), "xml": ("middleware", 2)}, now_nanos=10**18)
        out = profiles.ProfilesData()
        out.resource_profiles.extend(request.resource_profiles)
        out.dictionary.CopyFrom(request.dictionary)
        return out

    def profile(x):
        return x.resource_profiles[0].scope_profiles[0].profiles[0]

    def sample(x):
        return profile(x).samples[0]

    breaks = {
        "string_table[0] not empty": lambda x: x.dictionary.string_table.__setitem__(0, "x"),
        "duplicate string": lambda x: x.dictionary.string_table.append("cpu"),
        "stack_table[0] not zero": lambda x: x.dictionary.stack_table[0].location_indices.append(1),
        "attribute_table[0] not zero": lambda x: x.dictionary.attribute_table[0].value.__setattr__("int_value", 1),
        "stack_index out of range": lambda x: sample(x).__setattr__("stack_index", 999),
        "location_indices out of range": lambda x: x.dictionary.stack_table[1].location_indices.append(999),
        "function_index out of range": lambda x: x.dictionary.location_table[1].lines[0].__setattr__("function_index", 99),
        "negative line": lambda x: x.dictionary.location_table[1].lines[0].__setattr__("line", -1),
        "negative start_line": lambda x: x.dictionary.function_table[1].__setattr__("start_line", -1),
        "mapping memory range": lambda x: x.dictionary.mapping_table.add(memory_start=9, memory_limit=1),
        "link id lengths": lambda x: x.dictionary.link_table.add(trace_id=b"1", span_id=b"2"),
        "duplicate attribute key": lambda x: sample(x).attribute_indices.append(sample(x).attribute_indices[0]),
        "attribute index out of range": lambda x: sample(x).attribute_indices.append(999),
        "timestamp outside the profile": lambda x: sample(x).timestamps_unix_nano.append(1),
        "values and timestamps differ": lambda x: sample(x).timestamps_unix_nano.extend([10**18, 10**18 + 1]),
        "neither values nor timestamps": lambda x: sample(x).ClearField("values"),
        "shapes differ": lambda x: (sample(x).timestamps_unix_nano.append(10**18)),
        "no scope profiles": lambda x: x.resource_profiles[0].ClearField("scope_profiles"),
    }
    verdicts = {"valid request": conformance(data())}
    for rule, brk in breaks.items():
        broken = data()
        brk(broken)
        verdicts[rule] = conformance(broken)
    return verdicts


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
    commands.add_parser("selfcheck")
    c = commands.add_parser("send")
    c.add_argument("file")
    c.add_argument("--http")
    c.add_argument("--grpc")
    c.add_argument("--header", action="append", default=[], help="KEY=VALUE")
    args = parser.parse_args(argv)
    if args.command == "selfcheck":
        verdicts = selfcheck()
        json.dump(verdicts, sys.stdout, indent=1)
        print()
        missed = [rule for rule, found in verdicts.items() if rule != "valid request" and not found]
        return 1 if verdicts["valid request"] or missed else 0
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

package io.wirecost.report.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.wirecost.attribution.CategoryCounts;
import io.wirecost.attribution.RuleParser;
import io.wirecost.attribution.RuleSet;
import io.wirecost.runner.Estimate;
import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RoleAttribution;
import io.wirecost.runner.RttStatistics;
import io.wirecost.runner.RunMetadata;
import io.wirecost.runner.RunSettings;
import io.wirecost.runner.ScenarioFacts;
import io.wirecost.runner.ScenarioResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** metrics.prom for known results, byte for byte: family names, labels and units are what dashboards query. */
class RunMetricsTest {

    private static final RuleSet RULES = RuleParser.parse("""
            category rmi-transport group=middleware paper="sun.rmi.transport"
            category socket-write group=middleware paper="java.net.SocketOutputStream.socketWrite"
            category gc group=jvm
            fallback rmi-transport
            """, "test.rules");

    @Test
    void textExposition() {
        RunMetadata meta = new RunMetadata(
                "r7",
                "2025-01-01T12:00:00Z",
                "host1",
                "0.1.0",
                "/jdk",
                17,
                RunSettings.quick(64),
                new ProfilerSettings("async", "cpu", 1_000_000),
                List.of("rmi", "tcp"),
                List.of("run"),
                "",
                Map.of(),
                1,
                false,
                "loopback (client and server JVMs on one host)",
                "none",
                Map.of());
        CategoryCounts counts = new CategoryCounts(RULES.categories());
        counts.add(0, 30);
        counts.add(1, 70);
        counts.add(2, 25);
        RoleAttribution all = new RoleAttribution("all", counts.toAttribution("test"), List.of());
        ScenarioResult rmi = new ScenarioResult(
                "rmi",
                1,
                "RMI",
                "ok",
                "",
                6.5,
                9612,
                List.of(
                        // three kept measurements: mean 50, sd 5, so the interval is 50 +- t(2) 5 / sqrt(3)
                        new RttStatistics("int", 50.0, 5.0, 10.0, 1200, List.of(45.0, 50.0, 55.0)),
                        new RttStatistics(
                                "primitives-geomean",
                                40.0,
                                Double.NaN,
                                Double.NaN,
                                8400,
                                List.of(),
                                new Estimate(40.0, 36.0, 44.0, 9)),
                        new RttStatistics("instantiation", 1500.0, 150.0, 10.0, 12, List.of())),
                List.of(),
                Map.of("all", all),
                ScenarioFacts.NONE,
                Map.of(),
                Map.of(),
                List.of(new MessageSize("int", 50, 61, 47, 193, 179, 4)),
                "tcpdump",
                List.of(),
                Map.of());
        assertEquals(GOLDEN, RunMetrics.text(meta, List.of(rmi)));
    }

    private static final String GOLDEN = """
            # HELP wirecost_instantiation_seconds A fresh client's lookup or connection set-up and first call: sum / count is the papers' mean
            # TYPE wirecost_instantiation_seconds summary
            wirecost_instantiation_seconds_count{role="client",run="r7",scenario="rmi"} 12
            wirecost_instantiation_seconds_sum{role="client",run="r7",scenario="rmi"} 0.018000000000000002
            # HELP wirecost_message_bytes TCP payload per invocation by direction (request: client to server), HTTP headers and TLS records included
            # TYPE wirecost_message_bytes gauge
            wirecost_message_bytes{direction="request",operation="int",run="r7",scenario="rmi"} 61.0
            wirecost_message_bytes{direction="response",operation="int",run="r7",scenario="rmi"} 47.0
            # HELP wirecost_message_packets TCP segments per invocation, both directions, ACKs included
            # TYPE wirecost_message_packets gauge
            wirecost_message_packets{operation="int",run="r7",scenario="rmi"} 4.0
            # HELP wirecost_message_wire_bytes IP packets per invocation by direction, TCP/IP headers included
            # TYPE wirecost_message_wire_bytes gauge
            wirecost_message_wire_bytes{direction="request",operation="int",run="r7",scenario="rmi"} 193.0
            wirecost_message_wire_bytes{direction="response",operation="int",run="r7",scenario="rmi"} 179.0
            # HELP wirecost_paper_share_ratio Seed 000 Table 3 (JDK 1.4.2) for the scenarios of this run that have a paper column; figures printed as '<0.10' are left out
            # TYPE wirecost_paper_share_ratio gauge
            wirecost_paper_share_ratio{category="rmi-transport",paper_column="RMI",paper_row="sun.rmi.transport",run="r7",scenario="rmi"} 0.2341
            wirecost_paper_share_ratio{category="socket-write",paper_column="RMI",paper_row="java.net.SocketOutputStream.socketWrite",run="r7",scenario="rmi"} 0.2877
            # HELP wirecost_rtt_primitives_geomean_seconds Geometric mean of the seven primitive types' round trips (seed 002, 4.1)
            # TYPE wirecost_rtt_primitives_geomean_seconds gauge
            wirecost_rtt_primitives_geomean_seconds{role="client",run="r7",scenario="rmi"} 4.0E-5
            # HELP wirecost_rtt_primitives_geomean_seconds_ci_high 95 % interval bound of wirecost_rtt_primitives_geomean_seconds (the delta method)
            # TYPE wirecost_rtt_primitives_geomean_seconds_ci_high gauge
            wirecost_rtt_primitives_geomean_seconds_ci_high{role="client",run="r7",scenario="rmi"} 4.4E-5
            # HELP wirecost_rtt_primitives_geomean_seconds_ci_low 95 % interval bound of wirecost_rtt_primitives_geomean_seconds (the delta method)
            # TYPE wirecost_rtt_primitives_geomean_seconds_ci_low gauge
            wirecost_rtt_primitives_geomean_seconds_ci_low{role="client",run="r7",scenario="rmi"} 3.6E-5
            # HELP wirecost_rtt_seconds Round trip per invocation by the papers' method: sum / count is the mean of 10 of 12 measurements
            # TYPE wirecost_rtt_seconds summary
            wirecost_rtt_seconds_count{operation="int",role="client",run="r7",scenario="rmi"} 1200
            wirecost_rtt_seconds_sum{operation="int",role="client",run="r7",scenario="rmi"} 0.060000000000000005
            # HELP wirecost_rtt_seconds_ci_high 95 % interval bound of the mean of wirecost_rtt_seconds (sum / count)
            # TYPE wirecost_rtt_seconds_ci_high gauge
            wirecost_rtt_seconds_ci_high{operation="int",role="client",run="r7",scenario="rmi"} 6.2420688558604E-5
            # HELP wirecost_rtt_seconds_ci_low 95 % interval bound of the mean of wirecost_rtt_seconds (sum / count)
            # TYPE wirecost_rtt_seconds_ci_low gauge
            wirecost_rtt_seconds_ci_low{operation="int",role="client",run="r7",scenario="rmi"} 3.7579311441396E-5
            # HELP wirecost_rtt_stddev_seconds Standard deviation of the per-invocation means of the kept measurements
            # TYPE wirecost_rtt_stddev_seconds gauge
            wirecost_rtt_stddev_seconds{operation="instantiation",role="client",run="r7",scenario="rmi"} 1.5E-4
            wirecost_rtt_stddev_seconds{operation="int",role="client",run="r7",scenario="rmi"} 5.0E-6
            # HELP wirecost_run_info What the run was: host, JDK of the scenario JVMs, profiler, counts
            # TYPE wirecost_run_info gauge
            wirecost_run_info{event="cpu",host="host1",interval_seconds="0.001",java_feature_version="17",profiler="async",quick="true",run="r7",wirecost_version="0.1.0"} 1
            # HELP wirecost_run_scenarios_completed Scenarios finished so far, failed ones included
            # TYPE wirecost_run_scenarios_completed gauge
            wirecost_run_scenarios_completed{run="r7"} 1.0
            # HELP wirecost_run_scenarios_planned Scenarios this run will measure
            # TYPE wirecost_run_scenarios_planned gauge
            wirecost_run_scenarios_planned{run="r7"} 2.0
            # HELP wirecost_scenario_calls Calls made and checked: warm-up, measured and instantiation
            # TYPE wirecost_scenario_calls gauge
            wirecost_scenario_calls{run="r7",scenario="rmi"} 9612.0
            # HELP wirecost_scenario_cpu_samples CPU samples behind each share (a share from n samples has a standard error of sqrt(p(1-p)/n))
            # TYPE wirecost_scenario_cpu_samples gauge
            wirecost_scenario_cpu_samples{category="gc",group="jvm",role="all",run="r7",scenario="rmi"} 25.0
            wirecost_scenario_cpu_samples{category="rmi-transport",group="middleware",role="all",run="r7",scenario="rmi"} 30.0
            wirecost_scenario_cpu_samples{category="socket-write",group="middleware",role="all",run="r7",scenario="rmi"} 70.0
            # HELP wirecost_scenario_duration_seconds Wall time of the scenario, JVM start-up included
            # TYPE wirecost_scenario_duration_seconds gauge
            wirecost_scenario_duration_seconds{run="r7",scenario="rmi"} 6.5
            # HELP wirecost_scenario_ok 1 when the scenario succeeded, 0 when it failed
            # TYPE wirecost_scenario_ok gauge
            wirecost_scenario_ok{run="r7",scenario="rmi"} 1.0
            # HELP wirecost_scenario_share_ratio Share of each category in the measured phase: middleware categories of middleware samples (they sum to 1 per scenario and role), jvm categories of all samples
            # TYPE wirecost_scenario_share_ratio gauge
            wirecost_scenario_share_ratio{category="gc",group="jvm",role="all",run="r7",scenario="rmi"} 0.2
            wirecost_scenario_share_ratio{category="rmi-transport",group="middleware",role="all",run="r7",scenario="rmi"} 0.3
            wirecost_scenario_share_ratio{category="socket-write",group="middleware",role="all",run="r7",scenario="rmi"} 0.7
            # HELP wirecost_scenario_share_ratio_ci_high 95 % interval bound of wirecost_scenario_share_ratio (Wilson score over samples; for weighted shares the ratio estimator's normal interval)
            # TYPE wirecost_scenario_share_ratio_ci_high gauge
            wirecost_scenario_share_ratio_ci_high{category="gc",group="jvm",role="all",run="r7",scenario="rmi"} 0.2785899286584528
            wirecost_scenario_share_ratio_ci_high{category="rmi-transport",group="middleware",role="all",run="r7",scenario="rmi"} 0.39584854712244144
            wirecost_scenario_share_ratio_ci_high{category="socket-write",group="middleware",role="all",run="r7",scenario="rmi"} 0.7810511476148428
            # HELP wirecost_scenario_share_ratio_ci_low 95 % interval bound of wirecost_scenario_share_ratio (Wilson score over samples; for weighted shares the ratio estimator's normal interval)
            # TYPE wirecost_scenario_share_ratio_ci_low gauge
            wirecost_scenario_share_ratio_ci_low{category="gc",group="jvm",role="all",run="r7",scenario="rmi"} 0.13929930784034478
            wirecost_scenario_share_ratio_ci_low{category="rmi-transport",group="middleware",role="all",run="r7",scenario="rmi"} 0.21894885238515716
            wirecost_scenario_share_ratio_ci_low{category="socket-write",group="middleware",role="all",run="r7",scenario="rmi"} 0.6041514528775586
            """;
}

package io.wirecost.cli;

import io.wirecost.cli.common.Choice;
import io.wirecost.cli.common.Durations;
import io.wirecost.runner.ProfilerSettings;
import io.wirecost.runner.RunMethod;
import io.wirecost.runner.UsageException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import picocli.CommandLine.Option;

/** {@code run}'s profiler options: which engine samples which event how often, and what it records beside. */
final class ProfilerOptions {

    enum Engine {
        ASYNC,
        JFR,
        NONE
    }

    enum Event {
        CPU,
        CTIMER,
        ITIMER,
        WALL
    }

    /** What the profiled pass records: CPU samples, and beside them allocations, locks, request boundaries. */
    enum ProfileKind {
        CPU,
        ALLOC,
        LOCK,
        ENDPOINTS
    }

    @Option(
            names = "--profiler",
            defaultValue = "async",
            description = "async, jfr or none (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(
            names = "--event",
            description = "async-profiler event: cpu (the default; falls back to itimer), ctimer, itimer, wall.")
    String event;

    @Option(
            names = "--profile",
            defaultValue = "cpu",
            split = ",",
            description =
                    "What the profiled pass records: cpu, plus alloc (bytes allocated) and/or lock (time blocked), e.g. cpu,alloc,lock. "
                            + "Each extra one adds a companion table by category. endpoints: the server's request "
                            + "boundaries beside its recording, for attribute --by endpoint.")
    List<String> profile;

    @Option(
            names = "--interval",
            description =
                    "Sampling interval (default: 250us with async-profiler, where the profiled pass stops at a sample "
                            + "budget, so a finer interval shortens it; 1ms with --method paper or explicit counts, "
                            + "which fix the pass's length, and with JFR, whose sampler counts whole milliseconds).")
    String interval;

    ProfilerSettings settings(RunMethod method) {
        String engine = engine(List.of(Engine.values()), this.engine);
        return new ProfilerSettings(
                engine, event(engine, event, "cpu"), intervalNanos(engine, interval, method), profileExtras(profile));
    }

    /** The engine's word, if one of {@code allowed}; else the one-line error naming {@code --profiler}. */
    static String engine(List<Engine> allowed, String word) {
        return Choice.word(Choice.among("--profiler", word, allowed));
    }

    /**
     * {@code --event} for {@code engine}, or {@code asyncDefault} where not given. JFR has one execution sampler and
     * the agent ignores the event beside it, so an event other than cpu with JFR is refused rather than recorded
     * and not honoured.
     */
    static String event(String engine, String word, String asyncDefault) {
        if (word == null) return engine.equals("jfr") ? "cpu" : asyncDefault;
        String event = Choice.word(Choice.among("--event", word, List.of(Event.values())));
        if (engine.equals("jfr") && !event.equals("cpu"))
            throw new UsageException("--event " + word + ": JFR takes CPU samples only (jdk.ExecutionSample); " + event
                    + " is an async-profiler event (--profiler async)");
        return event;
    }

    /**
     * {@code --interval} for {@code engine}, or its default: 250 µs for async-profiler where the profiled pass stops
     * at its sample budget (the adaptive method, --quick), 1 ms otherwise. At 1 ms the budget (5,000 per role) took the
     * fast scenarios' JVMs many seconds of their one CPU; the pass runs apart from the timed pass, so the profiler's
     * cost at the finer rate does not reach the reported figures (docs/measurement.md, "The adaptive method"). Where
     * the papers' counts fix the profiled pass's length, a finer interval would only make it slower, the profiler's
     * cost growing with its rate. JFR's method sampler takes whole
     * milliseconds.
     */
    static long intervalNanos(String engine, String interval, RunMethod method) {
        long ns = interval == null
                ? (engine.equals("jfr") || method == RunMethod.PAPER ? 1_000_000L : 250_000L)
                : Durations.parseNanos("--interval", interval);
        if (engine.equals("jfr") && ns < 1_000_000L)
            throw new UsageException("--interval: JFR samples at most once a millisecond, got '" + interval + "'");
        return ns;
    }

    /** The events {@code --profile} adds to CPU samples; CPU stays, since the relative-time table needs it. */
    static Set<String> profileExtras(List<String> profile) {
        Set<String> extras = new TreeSet<>();
        for (String p : profile) {
            ProfileKind kind = Choice.of(ProfileKind.class, p.trim())
                    .orElseThrow(() -> new UsageException("--profile: each item must be "
                            + Choice.words(List.of(ProfileKind.values())) + ", got '" + p + "'"));
            if (kind != ProfileKind.CPU) extras.add(Choice.word(kind));
        }
        if (!profile.stream().map(String::trim).toList().contains(Choice.word(ProfileKind.CPU))) {
            throw new UsageException(
                    "--profile must include cpu (e.g. cpu,alloc,lock), got '" + String.join(",", profile) + "'");
        }
        return extras;
    }
}

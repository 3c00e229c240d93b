package io.wirecost.cli.bench;

import one.jfr.JfrReader;
import one.jfr.event.Event;

/**
 * The floor under any tool built on async-profiler's {@code one.jfr.JfrReader}, wirecost and the
 * converter alike: open a recording and read every event of every chunk (constant pools included), then
 * exit. {@code bench attribute} runs it in a JVM started as wirecost's is, so what {@code attribute} takes
 * above it is wirecost's own work (classification, rules, output) and what it cannot go below is the
 * reader's. Usage: {@code ReaderFloor FILE}; prints the number of events read.
 */
public final class ReaderFloor {

    private ReaderFloor() {}

    public static void main(String[] args) throws Exception {
        long events = 0;
        long stacks = 0;
        try (JfrReader jfr = new JfrReader(args[0])) {
            for (Event e; (e = jfr.readEvent()) != null; ) {
                events++;
                stacks += e.stackTraceId; // touch the event, so no JIT can drop the read
            }
        }
        System.out.println(events + " events" + (stacks == 42 ? " " : ""));
    }
}

package io.wirecost.scenarios.harness;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The line protocol between the runner and a scenario JVM, as types both sides compile against: the
 * runner sends a {@link Request}'s {@link Request#line() line} on the JVM's stdin, the JVM reads it back
 * with {@link #parse}, and its one-line JSON answer is read into the request's reply record. A command's
 * spelling, its arguments and the fields of its reply are written down once, here, so the two processes
 * cannot drift apart. Lines stay text (a command word and its arguments) so that a JVM's log reads like
 * a transcript and a scenario JVM can be driven by hand.
 *
 * <p>Drivers with commands of their own (scenarios-batch) still register them by name on
 * {@link CommandLoop#on(String, CommandLoop.Handler)}.
 */
public final class Protocol {

    private Protocol() {}

    /** A command to a scenario JVM and the type its reply is read into. */
    public sealed interface Request<R> {
        /** The command as sent: its word and its arguments separated by single spaces. */
        String line();

        Class<R> replyType();
    }

    /** Client: connect to the announced endpoint. */
    public record Connect() implements Request<Connected> {
        public String line() {
            return "connect";
        }

        public Class<Connected> replyType() {
            return Connected.class;
        }
    }

    /** Client: {@code calls} untimed calls of every operation, through the measurement's own code. */
    public record Warmup(int callsPerOperation) implements Request<Calls> {
        public String line() {
            return "warmup " + callsPerOperation;
        }

        public Class<Calls> replyType() {
            return Calls.class;
        }
    }

    /** Client: {@code reps} timed batches of {@code calls} invocations of one operation, or of each when {@code operation} is null. */
    public record Measure(int reps, int calls, String operation) implements Request<Measured> {
        public String line() {
            return "measure " + reps + " " + calls + (operation == null ? "" : " " + operation);
        }

        public Class<Measured> replyType() {
            return Measured.class;
        }
    }

    /** Client: a fresh client obtains a reference and makes its first call, {@code reps} times. */
    public record Instantiation(int reps) implements Request<Instantiated> {
        public String line() {
            return "instantiation " + reps;
        }

        public Class<Instantiated> replyType() {
            return Instantiated.class;
        }
    }

    /** Client: the message-size pass, {@code calls} calls per operation in separate wall-clock windows. */
    public record Sizes(int calls) implements Request<SizeWindows> {
        public String line() {
            return "sizes " + calls;
        }

        public Class<SizeWindows> replyType() {
            return SizeWindows.class;
        }
    }

    /** Client: {@code clients} concurrent clients, each {@code warmupCalls} untimed and {@code callsEach} timed calls of one operation. */
    public record Concurrent(int clients, int warmupCalls, int callsEach, String operation) implements Request<Facts> {
        public String line() {
            return "concurrent " + clients + " " + warmupCalls + " " + callsEach + " " + operation;
        }

        public Class<Facts> replyType() {
            return Facts.class;
        }
    }

    /** Both: start the agent's recording into {@code recording} (a path; may hold spaces). */
    public record ProfileStart(String recording) implements Request<ProfileStarted> {
        public String line() {
            return "profile-start " + recording;
        }

        public Class<ProfileStarted> replyType() {
            return ProfileStarted.class;
        }
    }

    /**
     * Both: start the agent's live session, as {@code start=now} with {@code otlp.endpoint} runs it: windows on the
     * agent's own clock, each read and sent as it ends ({@code bench overhead}'s {@code +otlp}).
     */
    public record ProfileStartLive() implements Request<ProfileStarted> {
        public String line() {
            return "profile-start-live";
        }

        public Class<ProfileStarted> replyType() {
            return ProfileStarted.class;
        }
    }

    /** Both: how many profiles the agent's OTLP export has had accepted (-1 without one). */
    public record ProfilesSent() implements Request<SentCount> {
        public String line() {
            return "profiles-sent";
        }

        public Class<SentCount> replyType() {
            return SentCount.class;
        }
    }

    /** Both: stop the agent's recording and write it. */
    public record ProfileStop() implements Request<ProfileStopped> {
        public String line() {
            return "profile-stop";
        }

        public Class<ProfileStopped> replyType() {
            return ProfileStopped.class;
        }
    }

    /** Both: how many samples the agent's profiler has taken since profile-start (sizes the profiled pass). */
    public record Samples() implements Request<SampleCount> {
        public String line() {
            return "samples";
        }

        public Class<SampleCount> replyType() {
            return SampleCount.class;
        }
    }

    /**
     * Both: how many classes this JVM has loaded since it started, read before and after the timed pass. Loading a
     * class can invalidate compiled code that assumed the classes loaded so far, so the timed pass should load none.
     */
    public record Classes() implements Request<ClassCount> {
        public String line() {
            return "classes";
        }

        public Class<ClassCount> replyType() {
            return ClassCount.class;
        }
    }

    /** Server: this JVM's CPU and run-queue wait so far, read at the boundaries of every measured batch. */
    public record Cpu() implements Request<CpuReading> {
        public String line() {
            return "cpu";
        }

        public Class<CpuReading> replyType() {
            return CpuReading.class;
        }
    }

    /** Both: the JVM's facts (version, flags, the middleware's own) for results.json. */
    public record Info() implements Request<Facts> {
        public String line() {
            return "info";
        }

        public Class<Facts> replyType() {
            return Facts.class;
        }
    }

    /** The server's first line: where clients reach it. */
    public record Started(Map<String, String> endpoint) {}

    public record Connected(long connectNanos) {}

    public record Calls(long calls) {}

    /** Per operation, one entry per batch: wall, CPU and run-queue wait nanoseconds (-1 where unreadable). */
    public record Measured(
            Map<String, long[]> batchNanos,
            Map<String, long[]> batchCpuNanos,
            Map<String, long[]> batchWaitNanos,
            int invocationsPerBatch,
            long calls) {}

    public record Instantiated(long[] instantiationNanos, long calls) {}

    /** One operation's window of the size pass, in microseconds since the epoch. */
    public record SizeWindow(String operation, int calls, long startMicros) {}

    public record SizeWindows(List<SizeWindow> windows, long endMicros, long calls) {}

    /** The profiler that records ("none" without an agent). */
    public record ProfileStarted(String profiler) {}

    public record ProfileStopped(String recording) {}

    /** Samples since profile-start, -1 where the profiler does not count them (JFR, no agent). */
    public record SampleCount(long samples) {}

    /** Profiles the Collector accepted from this JVM's agent, -1 without OTLP export or agent. */
    public record SentCount(long profiles) {}

    /** CPU and run-queue wait nanoseconds of the scenario's work so far, -1 where unreadable. */
    public record CpuReading(long cpuNanos, long waitNanos) {}

    /** Classes this JVM has loaded since it started, unloaded ones included (a count that only grows). */
    public record ClassCount(long loaded) {}

    /**
     * A reply that goes to results.json as it is (JVM facts, concurrency percentiles): its fields are the
     * JVM's and the middleware's, not the protocol's.
     */
    public record Facts(Map<String, Object> values) {}

    /** The request a line spells, or null for a word this protocol does not define. */
    public static Request<?> parse(String line) {
        String trimmed = line.strip();
        int space = trimmed.indexOf(' ');
        String word = space < 0 ? trimmed : trimmed.substring(0, space);
        String rest = space < 0 ? "" : trimmed.substring(space + 1);
        String[] a = rest.isEmpty() ? new String[0] : rest.split(" ");
        return switch (word) {
            case "connect" -> new Connect();
            case "warmup" -> new Warmup(integer(word, a, 0));
            case "measure" -> new Measure(integer(word, a, 0), integer(word, a, 1), a.length > 2 ? a[2] : null);
            case "instantiation" -> new Instantiation(integer(word, a, 0));
            case "sizes" -> new Sizes(integer(word, a, 0));
            case "concurrent" ->
                new Concurrent(integer(word, a, 0), integer(word, a, 1), integer(word, a, 2), text(word, a, 3));
            case "profile-start" -> {
                if (rest.isEmpty()) throw new IllegalArgumentException("profile-start needs a recording path");
                yield new ProfileStart(rest);
            }
            case "profile-start-live" -> new ProfileStartLive();
            case "profiles-sent" -> new ProfilesSent();
            case "profile-stop" -> new ProfileStop();
            case "cpu" -> new Cpu();
            case "classes" -> new Classes();
            case "samples" -> new Samples();
            case "info" -> new Info();
            default -> null;
        };
    }

    private static int integer(String word, String[] a, int i) {
        String s = text(word, a, i);
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(word + ": argument " + (i + 1) + " must be an integer, got '" + s + "'");
        }
    }

    private static String text(String word, String[] a, int i) {
        if (i >= a.length)
            throw new IllegalArgumentException(word + " needs " + (i + 1) + " argument(s), got " + Arrays.toString(a));
        return a[i];
    }
}

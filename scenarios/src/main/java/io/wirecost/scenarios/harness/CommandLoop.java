package io.wirecost.scenarios.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The line protocol between the runner and a scenario JVM. The runner writes one command per line
 * on stdin; the JVM answers each with one line {@code @wirecost {json}} on stdout. Everything else
 * the middleware prints goes to stderr (System.out is redirected), so it cannot break the protocol.
 * End of stdin means the runner is gone: the JVM exits, so no orphan survives its runner. Public for
 * drivers with commands of their own (scenarios-batch's BatchServerMain and BatchClientMain).
 */
public final class CommandLoop {

    static final String PREFIX = "@wirecost ";
    public static final ObjectMapper JSON = new ObjectMapper();

    /** A command of a driver's own, by name, with its arguments split at spaces. */
    public interface Handler {
        Map<String, Object> handle(String[] args) throws Exception;
    }

    /** A command of the harness's {@link Protocol}, answered with the request's reply record. */
    public interface TypedHandler<Q extends Protocol.Request<R>, R> {
        R handle(Q request) throws Exception;
    }

    private final PrintStream protocol;
    private final Map<String, Handler> handlers = new LinkedHashMap<>();
    private final Map<Class<?>, TypedHandler<?, ?>> typed = new LinkedHashMap<>();
    private final java.util.Set<Class<?>> cpuReadings = new java.util.HashSet<>();

    public CommandLoop() {
        this.protocol = System.out;
        System.setOut(System.err);
    }

    public CommandLoop on(String command, Handler handler) {
        handlers.put(command, handler);
        return this;
    }

    public <R, Q extends Protocol.Request<R>> CommandLoop on(Class<Q> request, TypedHandler<Q, R> handler) {
        typed.put(request, handler);
        return this;
    }

    /**
     * A command that reads this JVM's CPU for the cost per call between two batches: its own handling
     * is the harness's work, not the calls', and is left out of {@link ProcessCpu}'s count.
     */
    public <R, Q extends Protocol.Request<R>> CommandLoop onCpuReading(Class<Q> request, TypedHandler<Q, R> handler) {
        cpuReadings.add(request);
        return on(request, handler);
    }

    /**
     * What a driver builds before its first reply: should that fail, the failure is the JVM's only reply and it exits
     * with status 2, so the runner reads why instead of waiting for a reply that never comes.
     */
    public <T> T startOrExit(java.util.concurrent.Callable<T> start) {
        try {
            return start.call();
        } catch (Throwable t) {
            fail(t);
            System.exit(2);
            throw new AssertionError(t); // not reached: exit does not return
        }
    }

    public void reply(Map<String, Object> body) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", true);
        m.putAll(body);
        send(m);
    }

    public void fail(Throwable t) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", false);
        m.put("error", describe(t));
        send(m);
    }

    private synchronized void send(Map<String, Object> m) {
        try {
            protocol.println(PREFIX + JSON.writeValueAsString(m));
            protocol.flush();
        } catch (Exception e) {
            protocol.println(PREFIX + "{\"ok\":false,\"error\":\"cannot encode reply\"}");
        }
    }

    /** A command line as read: its words, and the request of the {@link Protocol} it spells (null for none). */
    private record Command(String[] parts, Protocol.Request<?> request, IllegalArgumentException error) {}

    /**
     * The next command, or null at end of input. Its own method so that a profile can tell the harness's reading
     * and parsing of commands from the calls it times (the default rules' {@code harness} category covers it).
     */
    private static Command readCommand(BufferedReader in) throws java.io.IOException {
        for (String line; (line = in.readLine()) != null; ) {
            String[] parts = line.trim().split(" ");
            if (parts[0].isEmpty()) continue;
            try {
                return new Command(parts, Protocol.parse(line), null);
            } catch (IllegalArgumentException e) {
                return new Command(parts, null, e);
            }
        }
        return null;
    }

    /**
     * Serves commands, then releases what the driver started and exits 0, however the loop ended: the middleware's
     * non-daemon threads (RMI's) would otherwise keep the JVM alive. A failure of the loop itself propagates.
     */
    public void runThenExit(AutoCloseable release) throws Exception {
        try {
            run();
        } finally {
            release.close();
        }
        System.exit(0);
    }

    /** Serves commands until {@code exit} or end of input. */
    public void run() throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (Command command; (command = readCommand(in)) != null; ) {
            String[] parts = command.parts();
            if (parts[0].equals("exit")) {
                reply(Map.of());
                return;
            }
            Handler h = handlers.get(parts[0]);
            Protocol.Request<?> request = command.request();
            if (command.error() != null && h == null) {
                fail(command.error());
                continue;
            } // else a driver's own command that shares the word, with arguments of its own
            TypedHandler<?, ?> t = request == null ? null : typed.get(request.getClass());
            if (t == null && h == null) {
                fail(new IllegalArgumentException("unknown command '" + parts[0] + "'"));
                continue;
            }
            long cpu0 = request != null && cpuReadings.contains(request.getClass()) ? ProcessCpu.ownCpu() : -1;
            try {
                if (t != null) {
                    reply(encode(handle(t, request)));
                } else {
                    String[] args = new String[parts.length - 1];
                    System.arraycopy(parts, 1, args, 0, args.length);
                    reply(h.handle(args));
                }
            } catch (Throwable e) {
                fail(e);
            }
            if (cpu0 >= 0) {
                long cpu1 = ProcessCpu.ownCpu();
                if (cpu1 >= cpu0) ProcessCpu.excludeCommand(cpu1 - cpu0);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <Q extends Protocol.Request<R>, R> Object handle(
            TypedHandler<?, ?> handler, Protocol.Request<?> request) throws Exception {
        return ((TypedHandler<Q, R>) handler).handle((Q) request); // registered by the request's own class
    }

    /** A reply record as the JSON object it was before it had a type; {@link Protocol.Facts} flat. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> encode(Object reply) {
        if (reply instanceof Protocol.Facts f) return f.values();
        return JSON.convertValue(reply, LinkedHashMap.class);
    }

    static String describe(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null && sb.length() < 400; c = c.getCause()) {
            if (sb.length() > 0) sb.append(" <- ");
            sb.append(c.getClass().getSimpleName());
            if (c.getMessage() != null)
                sb.append(": ").append(c.getMessage().replaceAll("\\s+", " ").trim());
        }
        return sb.toString();
    }
}

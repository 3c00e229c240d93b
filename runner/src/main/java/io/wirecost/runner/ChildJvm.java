package io.wirecost.runner;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wirecost.scenarios.harness.Protocol;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A scenario JVM (server or client) driven over the harness line protocol: commands on its stdin,
 * {@code @wirecost {json}} replies on its stdout, everything else into a log file. Every wait has a
 * timeout; a JVM that dies or hangs becomes a {@link ChildFailure} naming its log.
 */
public final class ChildJvm implements AutoCloseable {

    private static final String PREFIX = "@wirecost ";
    /** Reads replies as maps, and maps into reply records: every reply also carries {@code ok}, which the records leave to {@link #await}. */
    private static final ObjectMapper JSON =
            new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Ctrl-C or a crash of the runner: no scenario JVM may outlive it. */
    private static final Reaper<ChildJvm> REAPER =
            new Reaper<>("wirecost-child-reaper", jvms -> jvms.forEach(ChildJvm::kill));

    private static final Map<String, Object> EOF = Map.of();

    private final String label;
    private final Process process;
    private final Path log;
    private final Writer stdin;
    private final BlockingQueue<Map<String, Object>> replies = new LinkedBlockingQueue<>();

    private ChildJvm(String label, Process process, Path log) {
        this.label = label;
        this.process = process;
        this.log = log;
        this.stdin = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(this::readStdout, "wirecost-" + label + "-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    static ChildJvm start(String label, List<String> command, Path log) throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Files.writeString(log, "# " + String.join(" ", command) + System.lineSeparator());
        ChildJvm c = new ChildJvm(label, pb.start(), log);
        REAPER.watch(c);
        return c;
    }

    @SuppressWarnings("unchecked")
    private void readStdout() {
        try (BufferedReader r =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                if (line.startsWith(PREFIX)) {
                    replies.add(JSON.readValue(line.substring(PREFIX.length()), Map.class));
                } else {
                    Files.writeString(log, line + System.lineSeparator(), java.nio.file.StandardOpenOption.APPEND);
                }
            }
        } catch (IOException e) {
            // the process is gone; await() reports it
        } finally {
            replies.add(EOF);
        }
    }

    /** Sends one command of the harness's protocol and reads its reply into the request's reply record. */
    public <R> R call(Protocol.Request<R> request, Duration timeout) throws ChildFailure {
        return as(request.replyType(), call(request.line(), timeout), request.line());
    }

    /** Waits for a scenario server's first line, its endpoint. */
    public Protocol.Started awaitStarted(Duration timeout) throws ChildFailure {
        return as(Protocol.Started.class, await("start", timeout), "start");
    }

    private <R> R as(Class<R> type, Map<String, Object> reply, String what) throws ChildFailure {
        if (type == Protocol.Facts.class) {
            Map<String, Object> values = new java.util.LinkedHashMap<>(reply);
            values.remove("ok");
            return type.cast(new Protocol.Facts(values));
        }
        try {
            return JSON.convertValue(reply, type);
        } catch (IllegalArgumentException e) {
            throw failure("the reply to '" + what + "' is not a " + type.getSimpleName() + ": " + reply);
        }
    }

    /** Sends one command by name (drivers with commands of their own) and waits for its reply. */
    public Map<String, Object> call(String command, Duration timeout) throws ChildFailure {
        try {
            stdin.write(command + "\n");
            stdin.flush();
        } catch (IOException e) {
            throw failure("cannot send '" + command + "': the JVM has exited" + exitCode());
        }
        return await(command, timeout);
    }

    public Map<String, Object> await(String what, Duration timeout) throws ChildFailure {
        Map<String, Object> reply;
        try {
            reply = replies.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw failure("interrupted waiting for '" + what + "'");
        }
        if (reply == null) throw failure("no answer to '" + what + "' within " + timeout.toSeconds() + " s");
        if (reply == EOF) {
            replies.add(EOF);
            throw failure("the JVM exited during '" + what + "'" + exitCode());
        }
        if (!Boolean.TRUE.equals(reply.get("ok"))) throw failure("'" + what + "' failed: " + reply.get("error"));
        return reply;
    }

    private String exitCode() {
        try {
            return process.waitFor(2, TimeUnit.SECONDS) ? " with code " + process.exitValue() : "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private ChildFailure failure(String message) {
        return new ChildFailure(label + ": " + message + " (log: " + log + ")");
    }

    public long pid() {
        return process.pid();
    }

    /** Asks the JVM to exit (so its agent completes the recording), then makes sure it is gone. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                stdin.write("exit\n");
                stdin.flush();
                stdin.close();
                if (!process.waitFor(20, TimeUnit.SECONDS)) kill();
            }
        } catch (IOException | InterruptedException e) {
            kill();
        } finally {
            REAPER.forget(this);
        }
    }

    private void kill() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            process.destroyForcibly();
        }
    }

    /** A scenario JVM that failed, hung or died; the message is one line. */
    public static final class ChildFailure extends Exception {
        private static final long serialVersionUID = 1L;

        ChildFailure(String message) {
            super(message);
        }
    }
}

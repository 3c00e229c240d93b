package io.wirecost.cli.attach;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import io.wirecost.runner.UsageException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One conversation with the wirecost agent inside a running JVM, through the Attach API. Every request
 * loads the agent jar again: the JVM loads its classes once and calls agentmain each time, which reads
 * the {@code attach.*} keys (see the agent's AttachRequest) and answers in a reply file.
 * Only touch this class after {@link TargetCheck#requireAttachModule()}: it links to jdk.attach.
 *
 * <pre>
 * try (AgentLink link = AgentLink.open(pid, agentJar, replyDir)) {
 *     link.request("attach.command=start,attach.file=/tmp/a.jfr,attach.stop-after=60s");
 * }
 * </pre>
 */
public final class AgentLink implements AutoCloseable {

    private final long pid;
    private final VirtualMachine vm;
    private final Path agentJar;
    private final Path replyDir;
    private int requests;

    private AgentLink(long pid, VirtualMachine vm, Path agentJar, Path replyDir) {
        this.pid = pid;
        this.vm = vm;
        this.agentJar = agentJar;
        this.replyDir = replyDir;
    }

    public static AgentLink open(long pid, Path agentJar, Path replyDir) {
        try {
            return new AgentLink(pid, VirtualMachine.attach(Long.toString(pid)), agentJar, replyDir);
        } catch (AttachNotSupportedException e) {
            throw new UsageException(
                    "pid " + pid + ": attach is disabled in this JVM (started with -XX:+DisableAttachMechanism?): "
                            + oneLine(e) + "; start it with -javaagent or use 'wirecost profile' instead");
        } catch (IOException e) {
            throw new UsageException("pid " + pid + ": the JVM did not answer the attach request (" + oneLine(e)
                    + "); is it started with -XX:+DisableAttachMechanism or -Xrs?");
        }
    }

    /** Sends one request; returns the agent's reply, status=ok, or throws its message as one line. */
    public Map<String, String> request(String args) {
        Path reply = replyDir.resolve(".wirecost-reply-" + pid + "-" + ++requests);
        try {
            Files.deleteIfExists(reply);
            vm.loadAgent(agentJar.toAbsolutePath().toString(), args + ",attach.reply=" + reply.toAbsolutePath());
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new UsageException("pid " + pid + ": the wirecost agent did not load: " + oneLine(e));
        }
        Map<String, String> answer = readReply(reply);
        if (!"ok".equals(answer.get("status"))) {
            throw new UsageException(
                    "pid " + pid + ": the wirecost agent refused: " + answer.getOrDefault("message", "no reply"));
        }
        return answer;
    }

    private Map<String, String> readReply(Path reply) {
        Map<String, String> out = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(reply, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) out.put(line.substring(0, eq), line.substring(eq + 1));
            }
            Files.deleteIfExists(reply);
        } catch (IOException e) {
            out.put("message", "no reply in " + reply + " (" + oneLine(e) + ")");
        }
        return out;
    }

    @Override
    public void close() {
        try {
            vm.detach();
        } catch (IOException e) {
            // the connection is gone either way
        }
    }

    static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}

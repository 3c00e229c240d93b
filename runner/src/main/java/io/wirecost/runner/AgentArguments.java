package io.wirecost.runner;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The agent's option string: {@code key=value} pairs joined by commas in the order given, as the agent's
 * {@code AgentOptions} parses it after {@code -javaagent:wirecost-agent.jar=} or in an attach request. The one
 * place wirecost writes it ({@code run}, {@code attach}, {@code profile}, the benches), so a key cannot be spelt
 * two ways. Written by hand: the format is the agent's own, and a JVM's agent argument is a single string.
 */
public final class AgentArguments {

    private final Map<String, String> options = new LinkedHashMap<>();

    /** Starting with the sampling settings. */
    public static AgentArguments of(ProfilerSettings p) {
        return new AgentArguments().sampling(p);
    }

    /** The sampling settings every profiled JVM gets: {@code engine}, {@code event}, {@code interval} (ns). */
    public AgentArguments sampling(ProfilerSettings p) {
        return sampling(p.engine(), p.event(), String.valueOf(p.intervalNs()));
    }

    /** {@code engine}, {@code event} and {@code interval} as given (an interval may carry its unit: {@code 100us}). */
    public AgentArguments sampling(String engine, String event, String interval) {
        return with("engine", engine).with("event", event).with("interval", interval);
    }

    /** {@code also=alloc+lock}: the events recorded beside the samples; nothing when there are none. */
    public AgentArguments also(Set<String> companions) {
        return companions.isEmpty() ? this : with("also", String.join("+", companions));
    }

    /** A duration the agent reads with its unit. */
    public AgentArguments nanos(String key, long ns) {
        return with(key, ns + "ns");
    }

    public AgentArguments with(String key, Object value) {
        options.put(key, value instanceof Path p ? p.toAbsolutePath().toString() : String.valueOf(value));
        return this;
    }

    public AgentArguments with(Map<String, ?> more) {
        more.forEach(this::with);
        return this;
    }

    /** {@code -javaagent:JAR=OPTIONS}. */
    public String javaagent(Path agentJar) {
        return "-javaagent:" + agentJar.toAbsolutePath() + "=" + this;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        options.forEach((k, v) ->
                sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}

package io.wirecost.cli.bench;

import io.wirecost.cli.common.Durations;
import io.wirecost.runner.UsageException;
import java.time.Duration;

/** {@code --window} of {@code bench overhead} and {@code bench window}: one live-session window of the agent. */
final class AgentWindow {

    /** The agent's default otlp.interval (io.wirecost.agent.OtlpOptions; the CLI does not link the agent). */
    static final String DEFAULT = "10s";

    private AgentWindow() {}

    /** The window's length; refused below the agent's own floor for otlp.interval. */
    static Duration parse(String window) {
        Duration length = Duration.ofNanos(Durations.parseNanos("--window", window));
        if (length.toMillis() < 1000)
            throw new UsageException("--window: at least 1s (the agent's otlp.interval), got '" + window + "'");
        return length;
    }
}

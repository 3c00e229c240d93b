package io.wirecost.agent;

import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Starts and stops one engine; every method is idempotent and never throws into the caller's thread. */
public final class ProfilerControl implements ProfilerControlMBean {

    private static final Logger LOG = Logger.getLogger("io.wirecost.agent");

    private final AgentOptions options;
    private final ProfilerEngine engine;
    private Path recording;
    private String running;     // what start() reported, null when stopped
    private String lastError = "";

    ProfilerControl(AgentOptions options) {
        this.options = options;
        this.engine = switch (options.engine()) {
            case "async" -> new AsyncProfilerEngine(options.event());
            case "jfr" -> new JfrEngine();
            default -> null;
        };
    }

    @Override
    public synchronized String start(String file) {
        if (engine == null) return "engine=none";
        if (running != null) return running;
        Path target = file == null || file.isBlank() ? options.file() : Path.of(file);
        try {
            running = engine.start(target, options.intervalNs()) + " interval=" + options.intervalNs() + "ns";
            recording = target;
            return running;
        } catch (Throwable t) {
            lastError = String.valueOf(t.getMessage());
            LOG.log(Level.WARNING, "wirecost agent: cannot start " + options.engine() + ": " + lastError);
            return "error: " + lastError;
        }
    }

    @Override
    public synchronized String stop() {
        if (running == null) return recording == null ? "" : recording.toString();
        try {
            engine.stop();
        } catch (Throwable t) {
            lastError = String.valueOf(t.getMessage());
            LOG.log(Level.WARNING, "wirecost agent: cannot stop cleanly: " + lastError);
        } finally {
            running = null;
        }
        return recording.toString();
    }

    @Override
    public synchronized String getStatus() {
        return (running != null ? "running " + running : "stopped engine=" + options.engine())
                + (recording != null ? " file=" + recording : "")
                + (lastError.isEmpty() ? "" : " lastError=" + lastError);
    }
}

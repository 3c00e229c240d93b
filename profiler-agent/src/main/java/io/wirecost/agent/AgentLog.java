package io.wirecost.agent;

import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The agent's java.util.logging logger, writing one line per message to stderr
 * ({@code wirecost agent: ...}): the JDK's default format spends two lines on each, and a warning
 * about the agent should read as one line among the host's output. Only this logger is configured;
 * the host's logging is left alone.
 */
final class AgentLog {

    static final Logger LOG = configure(Logger.getLogger("io.wirecost.agent"));

    private AgentLog() {}

    /**
     * A warning from the agent's exit hook. The JDK's LogManager resets every logger in a shutdown hook of its own,
     * which may have run first and left this one without a handler: the line then goes to stderr directly.
     */
    static void warnAtExit(String message) {
        if (LOG.getHandlers().length > 0) LOG.warning(message);
        else System.err.println(message);
    }

    private static Logger configure(Logger log) {
        if (log.getHandlers().length > 0) return log; // the host configured it: respect that
        ConsoleHandler h = new ConsoleHandler();
        h.setFormatter(new Formatter() {
            @Override
            public String format(LogRecord r) {
                return formatMessage(r) + System.lineSeparator();
            }
        });
        log.addHandler(h);
        log.setUseParentHandlers(false);
        return log;
    }
}

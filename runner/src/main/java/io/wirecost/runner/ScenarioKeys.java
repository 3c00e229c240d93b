package io.wirecost.runner;

import io.wirecost.scenarios.ScenarioDescriptor;
import io.wirecost.scenarios.files.FileTrees;
import io.wirecost.scenarios.security.KeyMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The keys and certificates of the scenarios that need them (rmi-ssl, ws-security, grpc-tls), one lifecycle for every
 * command that starts scenario JVMs ({@code run}, {@code model}, {@code serve}, {@code bench overhead}): generated
 * once, owner-only in the temp directory, at the first scenario that needs them; deleted by {@link #close} and, where
 * the command is cut short, by a shutdown hook: Ctrl-C ends the JVM through its hooks without unwinding the command
 * (as for {@link WireCapture}), and private keys must not outlive it. Five RSA keys and their certificates take
 * seconds to make, so one set serves every scenario of a command (each command, and each side of a comparison, still
 * makes its own).
 */
public final class ScenarioKeys implements AutoCloseable {

    /** Key directories not yet deleted, removed by the shutdown hook. */
    private static final Set<Path> UNDELETED = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(new Thread(() -> UNDELETED.forEach(FileTrees::deleteQuietly), "wirecost-key-reaper"));
    }

    private final boolean keep;
    private Path dir;

    private ScenarioKeys(boolean keep) {
        this.keep = keep;
    }

    /** Keys deleted on close and on exit. */
    public static ScenarioKeys temporary() {
        return new ScenarioKeys(false);
    }

    /** Keys deleted on close and on exit unless {@code keep} ({@code run --keep-keys}). */
    public static ScenarioKeys keptIf(boolean keep) {
        return new ScenarioKeys(keep);
    }

    /** Whether the keys outlive the command. */
    public boolean kept() {
        return keep;
    }

    /**
     * The keys' directory for {@code scenario}, generated the first time one needs them ({@code progress} says so);
     * null where the scenario needs none.
     */
    public synchronized Path forScenario(ScenarioDescriptor scenario, Consumer<String> progress) throws Exception {
        if (!scenario.needsKeys()) return null;
        if (dir == null) {
            Path made = Files.createTempDirectory("wirecost-keys-");
            if (!keep) UNDELETED.add(made);
            progress.accept(scenario.name() + ": generating keys and certificates");
            KeyMaterial.generate(made, Duration.ofDays(1));
            dir = made;
        }
        return dir;
    }

    /** Deletes the keys (unless kept); the next scenario that needs keys generates new ones. */
    @Override
    public synchronized void close() {
        if (dir != null && !keep) {
            FileTrees.deleteQuietly(dir);
            UNDELETED.remove(dir);
        }
        dir = null;
    }
}

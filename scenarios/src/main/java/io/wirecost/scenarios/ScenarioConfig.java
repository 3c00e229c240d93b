package io.wirecost.scenarios;

import java.nio.file.Path;

/**
 * Settings shared by server and client JVMs of one scenario run.
 *
 * @param stringLength characters in the string the service returns
 * @param keyDir       per-run directory with generated keys and certificates (owner-only), or null
 */
public record ScenarioConfig(int stringLength, Path keyDir) {

    public static final int DEFAULT_STRING_LENGTH = 64;

    public Path requireKeyDir() {
        if (keyDir == null) throw new IllegalStateException("this scenario needs generated keys (keyDir)");
        return keyDir;
    }
}

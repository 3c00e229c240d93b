package io.wirecost.scenarios;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Settings shared by server and client JVMs of one scenario run; crosses the process boundary as JSON.
 *
 * @param stringLength characters in the string the service returns
 * @param keyDir       per-run directory with generated keys and certificates (owner-only), or null
 * @param options      scenario-specific settings ({@code --scenario-option KEY=VALUE}), e.g.
 *                     {@code wss.suite=modern}; a scenario rejects keys it does not know
 */
public record ScenarioConfig(int stringLength, Path keyDir, Map<String, String> options) {

    public static final int DEFAULT_STRING_LENGTH = 64;

    public ScenarioConfig {
        options = options == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(options));
    }

    public ScenarioConfig(int stringLength, Path keyDir) {
        this(stringLength, keyDir, Map.of());
    }

    public Path requireKeyDir() {
        if (keyDir == null) throw new IllegalStateException("this scenario needs generated keys (keyDir)");
        return keyDir;
    }

    /** The address servers bind: loopback, or with {@code --remote} the server namespace's address. */
    public String bindHost() {
        return option("bind.host", defaultBindHost());
    }

    /** For server code that has no config at hand: the runner sets it on server JVMs with --remote. */
    public static String defaultBindHost() {
        return System.getProperty("wirecost.bind.host", "127.0.0.1");
    }

    public String option(String key, String defaultValue) {
        return options.getOrDefault(key, defaultValue);
    }

    /**
     * An option that takes one of a few words, the first its default; any other value is refused in one line naming
     * the option and its words.
     */
    public String choice(String key, String... words) {
        return OptionWords.among(key, option(key, words[0]), words);
    }

    /** {@link #choice(String, String...)} for an enum: its constants' names in lower case are the words. */
    public <E extends Enum<E>> E choice(String key, E defaultValue) {
        return OptionWords.among(key, option(key, OptionWords.word(defaultValue)), defaultValue.getDeclaringClass());
    }
}

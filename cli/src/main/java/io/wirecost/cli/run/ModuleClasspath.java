package io.wirecost.cli.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exact classpath of a scenario module: its compiled classes plus {@code target/classpath.txt},
 * written by {@code dependency:build-classpath} at build time. Each scenario JVM gets only its own
 * module's middleware, at the versions that module was built with.
 */
public final class ModuleClasspath {

    private final Path projectRoot;
    private final Map<String, String> cache = new ConcurrentHashMap<>();

    public ModuleClasspath(Path projectRoot) {
        this.projectRoot = projectRoot;
    }

    public String of(String module) {
        return cache.computeIfAbsent(module, this::read);
    }

    private String read(String module) {
        Path dir = projectRoot.resolve(module);
        Path classes = dir.resolve("target").resolve("classes");
        Path deps = dir.resolve("target").resolve("classpath.txt");
        if (!Files.isDirectory(classes) || !Files.isRegularFile(deps)) {
            throw new IllegalArgumentException("scenario module '" + module + "' is not built (" + deps
                    + " missing); build with: mvn -q package -DskipTests");
        }
        try {
            String cp = Files.readString(deps).strip();
            return cp.isEmpty() ? classes.toString() : classes + java.io.File.pathSeparator + cp;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + deps + ": " + e.getMessage());
        }
    }
}

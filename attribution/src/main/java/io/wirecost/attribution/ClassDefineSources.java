package io.wirecost.attribution;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Package to artifact from the recording alone: from JDK 26 on (JDK-8365400), {@code jdk.ClassDefine} carries
 * {@code source}, the URL of the class's code source ({@code file:/.../h2-2.3.232.jar}, {@code jrt:/java.base}),
 * so {@code --by artifact} needs no {@code .artifacts} file from a live process. The jar itself is usually not on
 * the machine that reads the recording, so its Maven coordinates come from its path in a Maven repository
 * ({@code .../repository/com/h2database/h2/2.3.232/h2-2.3.232.jar}); other jars are named by file, modules
 * by name, class folders by path. Read with the JDK's parser: only {@code --by artifact} asks, once per file.
 */
final class ClassDefineSources {

    static final String EVENT = "jdk.ClassDefine";

    private ClassDefineSources() {}

    /** Package to artifact of every class the recording saw defined with a source; empty when it has none. */
    static Map<String, String> of(Path recording) throws RecordingException {
        Map<String, String> byPackage = new TreeMap<>();
        try (GzipRecording unpacked = GzipRecording.open(recording);
                RecordingFile rf = new RecordingFile(unpacked.path())) {
            while (rf.hasMoreEvents()) {
                RecordedEvent e = rf.readEvent();
                if (!e.getEventType().getName().equals(EVENT) || !e.hasField("source") || !e.hasField("definedClass"))
                    continue;
                RecordedClass c = e.getClass("definedClass");
                String source = e.getString("source");
                if (c == null || source == null || source.isEmpty()) continue;
                String pkg = PackageProfile.packageOf(c.getName());
                byPackage.putIfAbsent(pkg.equals("(default package)") ? "" : pkg, artifact(source));
            }
        } catch (IOException | RuntimeException | InternalError e) {
            return Map
                    .of(); // a recording the JDK's parser cannot read names no sources: the caller says what is missing
        }
        return byPackage;
    }

    /** An artifact's name from a code source URL, as the agent names it where the jar is at hand. */
    static String artifact(String source) {
        if (source.startsWith("jrt:/")) {
            String module = source.substring(5);
            int slash = module.indexOf('/');
            return slash < 0 ? module : module.substring(0, slash);
        }
        String path = source;
        try {
            URI uri = URI.create(source);
            if (uri.getPath() != null) path = uri.getPath();
        } catch (IllegalArgumentException e) {
            // not a URL: the string is the best name there is
        }
        if (path.startsWith("jar:")) path = path.substring(4);
        int bang = path.indexOf("!/");
        if (bang >= 0) path = path.substring(0, bang);
        if (!path.endsWith(".jar")) return path;
        String[] parts = path.split("/");
        int repo = -1;
        for (int i = 0; i < parts.length; i++) if (parts[i].equals("repository")) repo = i;
        // .../repository/GROUP/PATH/ARTIFACT/VERSION/ARTIFACT-VERSION[-classifier].jar
        int n = parts.length;
        if (repo >= 0 && n - repo >= 5) {
            String version = parts[n - 2];
            String artifactId = parts[n - 3];
            if (parts[n - 1].startsWith(artifactId + "-" + version)) {
                String group = String.join(".", java.util.Arrays.copyOfRange(parts, repo + 1, n - 3));
                return group + ":" + artifactId + ":" + version;
            }
        }
        return parts[n - 1];
    }
}

package io.wirecost.cli.bench;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** What the benches print about a recording, read without either reader under test. */
final class RecordingFacts {

    private RecordingFacts() {}

    /** jdk.ExecutionSample events as the JDK's own {@code jfr summary} counts them: the reference count. */
    static long samples(Path javaHome, Path file) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(javaHome.resolve("bin").resolve("jfr").toString(), "summary", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals("jdk.ExecutionSample")) return Long.parseLong(f[1]);
        }
        return 0;
    }

    static int chunks(Path file) throws IOException {
        // chunk headers: magic, then the chunk size at offset 8
        int n = 0;
        try (FileChannel ch = FileChannel.open(file)) {
            java.nio.ByteBuffer h = java.nio.ByteBuffer.allocate(16);
            for (long pos = 0; pos < ch.size(); n++) {
                h.clear();
                ch.read(h, pos);
                pos += h.getLong(8);
            }
        }
        return n;
    }
}

package io.wirecost.scenarios.batch.files;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The synthetic files of seed 004 (section III): generated in memory so no disk access is timed,
 * about 100 bytes each, two folders below the root: {@code /base/section/test0.htm},
 * {@code /base/section/test1.htm}, ... (the paper's Fig. 11 numbers them from 0).
 */
public final class FileStore {

    public static final String BASE = "base";
    public static final String SECTION = "section";
    public static final int FILE_CHARS = 100;
    /** A fixed date (2006-01-01T00:00Z): every server and client agrees on every field of a file. */
    public static final long MODIFIED_MILLIS = 1_136_073_600_000L;

    public static final String ENCODING = "UTF-8";

    private final int files;
    private final Node root;

    public FileStore(int files) {
        if (files < 1) throw new IllegalArgumentException("a file store needs at least one file, got " + files);
        this.files = files;
        Map<String, Node> section = new LinkedHashMap<>();
        for (int i = 0; i < files; i++) {
            section.put(fileName(i), new Node(fileName(i), path(i), text(i), Map.of()));
        }
        Node sectionNode = directory(SECTION, "/" + BASE + "/" + SECTION, section);
        Node base = directory(BASE, "/" + BASE, Map.of(SECTION, sectionNode));
        this.root = directory("", "/", Map.of(BASE, base));
    }

    private static Node directory(String name, String location, Map<String, Node> children) {
        return new Node(name, location, String.join("\n", children.keySet()), children);
    }

    public Node root() {
        return root;
    }

    public int files() {
        return files;
    }

    public static String fileName(int i) {
        return "test" + i + ".htm";
    }

    public static String path(int i) {
        return "/" + BASE + "/" + SECTION + "/" + fileName(i);
    }

    /** The content of file i: an HTML page padded to exactly {@value #FILE_CHARS} characters. */
    public static String text(int i) {
        String head = "<html><body><p>" + fileName(i) + " ";
        String tail = "</p></body></html>";
        return head + "x".repeat(Math.max(0, FILE_CHARS - head.length() - tail.length())) + tail;
    }
}

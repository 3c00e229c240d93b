package io.wirecost.attribution;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The string fields of a JFR chunk, read or passed over at a {@link JfrCursor}'s position, as async-profiler's
 * {@code JfrReader} reads them: tagged null, empty, constant-pool reference, UTF-8, UTF-16 chars or Latin-1.
 */
final class JfrStrings {

    private JfrStrings() {}

    /**
     * A string field; encoding 2 (a reference into the string pool) resolves against pools that async-profiler's
     * reader accumulates across chunks, which this reader does not: {@link JfrCursor.Unreadable} hands the file back.
     */
    static String read(JfrCursor c) {
        byte encoding = c.getByte();
        switch (encoding) {
            case 0:
                return null;
            case 1:
                return "";
            case 3:
                return bytes(c, StandardCharsets.UTF_8);
            case 4: {
                int n = c.getCount();
                char[] chars = new char[n];
                for (int i = 0; i < n; i++) chars[i] = (char) c.getVarint();
                return new String(chars);
            }
            case 5:
                return bytes(c, StandardCharsets.ISO_8859_1);
            default:
                throw new JfrCursor.Unreadable("string encoding " + encoding);
        }
    }

    /** A counted run of bytes in {@code charset} (UTF-8 or Latin-1), the cursor moved past it. */
    private static String bytes(JfrCursor c, Charset charset) {
        int n = c.getCount();
        String s = new String(c.bytesAt(c.pos, n), charset);
        c.pos += n;
        return s;
    }

    /** Moves past a string field without building it. */
    static void skip(JfrCursor c) {
        byte encoding = c.getByte();
        switch (encoding) {
            case 0, 1 -> {}
            case 2 -> c.getVarlong();
            case 3, 5 -> c.skip(c.getCount());
            case 4 -> {
                int n = c.getCount();
                for (int i = 0; i < n; i++) c.getVarint();
            }
            default -> throw new JfrCursor.Unreadable("string encoding " + encoding);
        }
    }
}

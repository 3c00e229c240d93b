package io.wirecost.scenarios;

import java.util.List;

/** The eight RTTTester operations of seed 002, Listing 1, with the values the service returns. */
public enum Operation {
    INT("int", true),
    SHORT("short", true),
    LONG("long", true),
    FLOAT("float", true),
    DOUBLE("double", true),
    BOOLEAN("boolean", true),
    BYTE("byte", true),
    STRING("string", false);

    public static final int INT_VALUE = 1_234_567;
    public static final short SHORT_VALUE = 12_345;
    public static final long LONG_VALUE = 1_234_567_890_123L;
    public static final float FLOAT_VALUE = 1234.5f;
    public static final double DOUBLE_VALUE = 12345.678;
    public static final boolean BOOLEAN_VALUE = true;
    public static final byte BYTE_VALUE = 123;

    private final String label;
    private final boolean primitive;

    Operation(String label, boolean primitive) {
        this.label = label;
        this.primitive = primitive;
    }

    public String label() {
        return label;
    }

    /** Primitives are summarised by their geometric mean (seed 002, section 4.1). */
    public boolean primitive() {
        return primitive;
    }

    public static Operation byLabel(String label) {
        for (Operation o : values()) if (o.label.equals(label)) return o;
        throw new IllegalArgumentException("unknown operation '" + label + "'");
    }

    public static List<Operation> all() {
        return List.of(values());
    }

    /**
     * The string the service returns: {@code length} characters of a fixed pattern. The papers do not
     * state their string; the default length, 64, is seed 001's smallest string.
     */
    public static String payloadString(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) sb.append((char) ('a' + i % 26));
        return sb.toString();
    }
}

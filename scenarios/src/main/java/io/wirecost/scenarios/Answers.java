package io.wirecost.scenarios;

/**
 * Binds an operation to a call on an {@link RTTTester} proxy and checks every answer, so a run counts
 * only calls that really succeeded. Primitives are compared unboxed: the check must cost nothing
 * next to a remote call.
 */
public final class Answers {

    private Answers() {}

    public static Invocation bind(RTTTester t, Operation op, String expectedString) {
        return switch (op) {
            case INT ->
                () -> {
                    int v = t.returnRTTforInt();
                    if (v != Operation.INT_VALUE) throw wrong(op, v);
                };
            case SHORT ->
                () -> {
                    short v = t.returnRTTforShort();
                    if (v != Operation.SHORT_VALUE) throw wrong(op, v);
                };
            case LONG ->
                () -> {
                    long v = t.returnRTTforLong();
                    if (v != Operation.LONG_VALUE) throw wrong(op, v);
                };
            case FLOAT ->
                () -> {
                    float v = t.returnRTTforFloat();
                    if (v != Operation.FLOAT_VALUE) throw wrong(op, v);
                };
            case DOUBLE ->
                () -> {
                    double v = t.returnRTTforDouble();
                    if (v != Operation.DOUBLE_VALUE) throw wrong(op, v);
                };
            case BOOLEAN ->
                () -> {
                    boolean v = t.returnRTTforBool();
                    if (v != Operation.BOOLEAN_VALUE) throw wrong(op, v);
                };
            case BYTE ->
                () -> {
                    byte v = t.returnRTTforByte();
                    if (v != Operation.BYTE_VALUE) throw wrong(op, v);
                };
            case STRING ->
                () -> {
                    String v = t.returnRTTforString();
                    if (!expectedString.equals(v)) throw wrong(op, v);
                };
        };
    }

    /** For transports that decode answers themselves (tcp). */
    public static void check(Operation op, Object got, String expectedString) {
        Object want = switch (op) {
            case INT -> Operation.INT_VALUE;
            case SHORT -> Operation.SHORT_VALUE;
            case LONG -> Operation.LONG_VALUE;
            case FLOAT -> Operation.FLOAT_VALUE;
            case DOUBLE -> Operation.DOUBLE_VALUE;
            case BOOLEAN -> Operation.BOOLEAN_VALUE;
            case BYTE -> Operation.BYTE_VALUE;
            case STRING -> expectedString;
        };
        if (!want.equals(got)) throw wrong(op, got);
    }

    private static IllegalStateException wrong(Operation op, Object got) {
        String shown = String.valueOf(got);
        if (shown.length() > 40) shown = shown.substring(0, 40) + "...";
        return new IllegalStateException(op.label() + " returned a wrong value: " + shown);
    }
}

package io.wirecost.scenarios.payload;

import io.wirecost.scenarios.Invocation;
import java.util.Arrays;
import java.util.Objects;

/**
 * Binds a payload to a call on a {@link PayloadTester} proxy and checks every answer against
 * {@link Payload#expected()}, so a run counts only calls that returned the right data.
 */
public final class PayloadCalls {

    private PayloadCalls() {}

    /** How a scenario reaches its payload service: a registry lookup, a naming resolve, a port. */
    @FunctionalInterface
    public interface Lookup {
        PayloadTester get() throws Exception;
    }

    /**
     * Binds {@code p} to the service {@code lookup} finds. Scenarios call it from
     * {@code RttClient.invocation(Payload)}, so the service is looked up only with --payload and the eight
     * types' instantiation is timed as before; a failed lookup names {@code what}.
     */
    public static Invocation lookUpAndBind(String what, Lookup lookup, Payload p) {
        try {
            return bind(lookup.get(), p);
        } catch (Exception e) {
            throw new IllegalStateException("cannot reach " + what + ": " + e.getMessage(), e);
        }
    }

    public static Invocation bind(PayloadTester t, Payload p) {
        Object want = p.expected();
        int n = p.size();
        return switch (p.kind()) {
            case STRING -> () -> check(p, want, t.getString(n));
            case DATA2 -> () -> check(p, want, t.f1(n));
            case DATA3 -> () -> check(p, want, t.getCustomerRecord(0));
            case DATA3_ARRAY -> () -> check(p, want, t.getCustomersForSalesRep(n));
            case INTS -> {
                int[] sent = PayloadData.ints(n);
                yield () -> check(p, want, t.invert(sent));
            }
        };
    }

    public static void check(Payload p, Object want, Object got) {
        if (!Objects.deepEquals(want, got)) {
            String shown = got instanceof Object[] a
                    ? Arrays.toString(a)
                    : got instanceof int[] a ? "int[" + a.length + "]" : String.valueOf(got);
            if (shown.length() > 40) shown = shown.substring(0, 40) + "...";
            throw new IllegalStateException(p.name() + " returned a wrong value: " + shown);
        }
    }
}

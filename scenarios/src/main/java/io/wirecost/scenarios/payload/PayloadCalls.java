package io.wirecost.scenarios.payload;

import io.wirecost.scenarios.Invocation;

import java.util.Arrays;
import java.util.Objects;

/**
 * Binds a payload to a call on a {@link PayloadTester} proxy and checks every answer against
 * {@link Payload#expected()}, so a run counts only calls that returned the right data.
 */
public final class PayloadCalls {

    private PayloadCalls() {
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
            String shown = got instanceof Object[] a ? Arrays.toString(a) : got instanceof int[] a ? "int[" + a.length + "]" : String.valueOf(got);
            if (shown.length() > 40) shown = shown.substring(0, 40) + "...";
            throw new IllegalStateException(p.name() + " returned a wrong value: " + shown);
        }
    }
}

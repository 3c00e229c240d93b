package io.wirecost.scenarios.rest;

import io.wirecost.scenarios.CountingTester;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * RTTTester as a Jakarta REST resource: one GET per data type, {@code /rtt/int} ... {@code /rtt/string},
 * each answering {@code {"value":...}} in JSON written by Jackson. Registered as one instance, so the
 * per-call cost is Jersey's dispatch, not creating the resource.
 */
@Path("rtt")
@Produces(MediaType.APPLICATION_JSON)
public class RttResource {

    private final CountingTester target;

    public RttResource(CountingTester target) {
        this.target = target;
    }

    @GET
    @Path("int")
    public Value<Integer> returnInt() {
        return new Value<>(target.returnRTTforInt());
    }

    @GET
    @Path("short")
    public Value<Short> returnShort() {
        return new Value<>(target.returnRTTforShort());
    }

    @GET
    @Path("long")
    public Value<Long> returnLong() {
        return new Value<>(target.returnRTTforLong());
    }

    @GET
    @Path("float")
    public Value<Float> returnFloat() {
        return new Value<>(target.returnRTTforFloat());
    }

    @GET
    @Path("double")
    public Value<Double> returnDouble() {
        return new Value<>(target.returnRTTforDouble());
    }

    @GET
    @Path("boolean")
    public Value<Boolean> returnBoolean() {
        return new Value<>(target.returnRTTforBool());
    }

    @GET
    @Path("byte")
    public Value<Byte> returnByte() {
        return new Value<>(target.returnRTTforByte());
    }

    @GET
    @Path("string")
    public Value<String> returnString() {
        return new Value<>(target.returnRTTforString());
    }
}

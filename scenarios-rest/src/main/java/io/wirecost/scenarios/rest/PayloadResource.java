package io.wirecost.scenarios.rest;

import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.PayloadService;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.function.Supplier;

/**
 * Seed 001's servers and seed 003's service as REST resources: the beans are written by Jackson as they
 * are (no copy into generated classes, unlike protobuf); the int array is POSTed and comes back inverted.
 */
@Path("payload")
@Produces(MediaType.APPLICATION_JSON)
public class PayloadResource {

    private final PayloadService target = new PayloadService();

    @GET
    @Path("string/{n}")
    public Value<String> getString(@PathParam("n") int n) {
        return new Value<>(checked(() -> target.getString(n)));
    }

    @GET
    @Path("data2/{n}")
    public Data2[] f1(@PathParam("n") int n) {
        return checked(() -> target.f1(n));
    }

    @GET
    @Path("data3/{i}")
    public Data3 getCustomerRecord(@PathParam("i") int i) {
        return checked(() -> target.getCustomerRecord(i));
    }

    @GET
    @Path("data3s/{n}")
    public Data3[] getCustomersForSalesRep(@PathParam("n") int n) {
        return checked(() -> target.getCustomersForSalesRep(n));
    }

    @POST
    @Path("invert")
    @Consumes(MediaType.APPLICATION_JSON)
    public int[] invert(int[] values) {
        return checked(() -> target.invert(values));
    }

    /** PayloadService refuses sizes out of range: the client gets 400, not a 500 with a stack trace. */
    private static <T> T checked(Supplier<T> call) {
        try {
            return call.get();
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }
}

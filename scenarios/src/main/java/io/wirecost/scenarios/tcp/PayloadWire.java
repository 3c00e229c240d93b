package io.wirecost.scenarios.tcp;

import io.wirecost.scenarios.payload.Address;
import io.wirecost.scenarios.payload.Data2;
import io.wirecost.scenarios.payload.Data3;
import io.wirecost.scenarios.payload.Order;
import io.wirecost.scenarios.payload.Payload;
import io.wirecost.scenarios.payload.PayloadService;
import io.wirecost.scenarios.payload.SimpleDate;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The tcp scenario's payload encoding: {@link DataOutputStream} fields in declaration order, strings as
 * a length and ISO-8859-1 bytes (writeUTF stops at 65,535 bytes), arrays as a count and their elements.
 * Hand-written on purpose: the floor under RMI's serialization and SOAP's XML is no framework at all.
 *
 * <p>Request: one byte {@code FIRST_OPCODE + kind}, the size, and for ints-N the N ints. Response: the data.
 */
final class PayloadWire {

    /** Operation opcodes are 0..7; payload opcodes start here. */
    static final int FIRST_OPCODE = 100;

    private PayloadWire() {}

    static void writeRequest(DataOutputStream out, Payload p, int[] ints) throws IOException {
        out.write(FIRST_OPCODE + p.kind().ordinal());
        out.writeInt(p.size());
        if (p.kind() == Payload.Kind.INTS) writeInts(out, ints);
    }

    /** Serves one request whose opcode byte was already read. */
    static void serve(int opcode, DataInputStream in, DataOutputStream out, PayloadService service) throws IOException {
        Payload.Kind kind = Payload.Kind.values()[opcode - FIRST_OPCODE];
        int size = in.readInt();
        switch (kind) {
            case STRING -> writeString(out, service.getString(size));
            case DATA2 -> {
                Data2[] a = service.f1(size);
                out.writeInt(a.length);
                for (Data2 d : a) writeData2(out, d);
            }
            case DATA3 -> writeData3(out, service.getCustomerRecord(0));
            case DATA3_ARRAY -> {
                Data3[] a = service.getCustomersForSalesRep(size);
                out.writeInt(a.length);
                for (Data3 d : a) writeData3(out, d);
            }
            case INTS -> writeInts(out, service.invert(readInts(in)));
        }
    }

    static Object readResponse(DataInputStream in, Payload p) throws IOException {
        return switch (p.kind()) {
            case STRING -> readString(in);
            case DATA2 -> {
                Data2[] a = new Data2[in.readInt()];
                for (int i = 0; i < a.length; i++) a[i] = readData2(in);
                yield a;
            }
            case DATA3 -> readData3(in);
            case DATA3_ARRAY -> {
                Data3[] a = new Data3[in.readInt()];
                for (int i = 0; i < a.length; i++) a[i] = readData3(in);
                yield a;
            }
            case INTS -> readInts(in);
        };
    }

    static boolean isPayload(int opcode) {
        return opcode >= FIRST_OPCODE && opcode < FIRST_OPCODE + Payload.Kind.values().length;
    }

    private static void writeInts(DataOutputStream out, int[] a) throws IOException {
        out.writeInt(a.length);
        for (int v : a) out.writeInt(v);
    }

    private static int[] readInts(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > Payload.MAX_INTS) throw new IOException("int array of " + n + " elements refused");
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = in.readInt();
        return a;
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > 1 << 20) throw new IOException("string of " + n + " bytes refused");
        byte[] b = new byte[n];
        in.readFully(b);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    private static void writeData2(DataOutputStream out, Data2 d) throws IOException {
        out.writeLong(d.getD1());
        out.writeInt(d.getD2().length);
        for (String s : d.getD2()) writeString(out, s);
        out.writeInt(d.getD3().length);
        for (double v : d.getD3()) out.writeDouble(v);
    }

    private static Data2 readData2(DataInputStream in) throws IOException {
        long d1 = in.readLong();
        String[] s = new String[in.readInt()];
        for (int i = 0; i < s.length; i++) s[i] = readString(in);
        double[] d = new double[in.readInt()];
        for (int i = 0; i < d.length; i++) d[i] = in.readDouble();
        return new Data2(d1, s, d);
    }

    private static void writeData3(DataOutputStream out, Data3 d) throws IOException {
        writeString(out, d.getCustomer());
        writeString(out, d.getSalesrep());
        Address a = d.getAddress();
        out.writeLong(a.getPostcode());
        writeString(out, a.getUnit());
        writeString(out, a.getStreet());
        writeString(out, a.getCity());
        writeString(out, a.getState());
        out.writeInt(d.getOrders().length);
        for (Order o : d.getOrders()) {
            out.writeLong(o.getDate().getDay());
            writeString(out, o.getDate().getMonth());
            out.writeLong(o.getDate().getYear());
            writeString(out, o.getProductcode());
            out.writeInt(o.getNumber());
        }
    }

    private static Data3 readData3(DataInputStream in) throws IOException {
        String customer = readString(in);
        String salesrep = readString(in);
        Address a = new Address(in.readLong(), readString(in), readString(in), readString(in), readString(in));
        Order[] orders = new Order[in.readInt()];
        for (int i = 0; i < orders.length; i++) {
            SimpleDate date = new SimpleDate(in.readLong(), readString(in), in.readLong());
            orders[i] = new Order(date, readString(in), in.readInt());
        }
        return new Data3(customer, salesrep, a, orders);
    }
}

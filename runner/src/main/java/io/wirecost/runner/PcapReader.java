package io.wirecost.runner;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Reads the TCP segments of a classic pcap file (as tcpdump -w writes it): time, ports, IP length and
 * TCP payload length. Hand-written because only the fixed pcap/IP/TCP headers are needed, from a
 * headers-only capture (small snaplen), which the pure-Java pcap libraries do not expect.
 */
final class PcapReader {

    /** One TCP segment: wall-clock microseconds, ports, bytes on the wire (IP packet) and payload bytes. */
    record Segment(long micros, int srcPort, int dstPort, int ipBytes, int payloadBytes) {}

    private static final int LINK_ETHERNET = 1;
    private static final int LINK_RAW = 101;
    private static final int LINK_SLL = 113;
    private static final int LINK_SLL2 = 276;

    private PcapReader() {}

    static void read(Path file, Consumer<Segment> out) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            byte[] global = new byte[24];
            in.readFully(global);
            ByteBuffer g = ByteBuffer.wrap(global);
            int magic = g.getInt(0);
            ByteOrder order;
            boolean nanos;
            switch (magic) {
                case 0xa1b2c3d4 -> {
                    order = ByteOrder.BIG_ENDIAN;
                    nanos = false;
                }
                case 0xd4c3b2a1 -> {
                    order = ByteOrder.LITTLE_ENDIAN;
                    nanos = false;
                }
                case 0xa1b23c4d -> {
                    order = ByteOrder.BIG_ENDIAN;
                    nanos = true;
                }
                case 0x4d3cb2a1 -> {
                    order = ByteOrder.LITTLE_ENDIAN;
                    nanos = true;
                }
                default -> throw new IOException(file + ": not a pcap file");
            }
            g.order(order);
            int link = g.getInt(20) & 0x0fffffff;
            int linkHeader = switch (link) {
                case LINK_ETHERNET -> 14;
                case LINK_RAW -> 0;
                case LINK_SLL -> 16;
                case LINK_SLL2 -> 20;
                default -> throw new IOException(file + ": unsupported link type " + link);
            };
            byte[] rec = new byte[16];
            while (true) {
                try {
                    in.readFully(rec);
                } catch (EOFException e) {
                    return; // a capture stopped mid-record ends here
                }
                ByteBuffer r = ByteBuffer.wrap(rec).order(order);
                long sec = r.getInt(0) & 0xffffffffL;
                long frac = r.getInt(4) & 0xffffffffL;
                int caplen = r.getInt(8);
                byte[] data = new byte[caplen];
                try {
                    in.readFully(data);
                } catch (EOFException e) {
                    return;
                }
                Segment s = segment(data, linkHeader, sec * 1_000_000L + (nanos ? frac / 1000 : frac));
                if (s != null) out.accept(s);
            }
        }
    }

    private static Segment segment(byte[] d, int off, long micros) {
        if (d.length < off + 20) return null;
        ByteBuffer b = ByteBuffer.wrap(d); // network byte order
        int version = (d[off] & 0xf0) >> 4;
        int ipHeader;
        int ipBytes;
        int protocol;
        if (version == 4) {
            ipHeader = (d[off] & 0x0f) * 4;
            ipBytes = b.getShort(off + 2) & 0xffff;
            protocol = d[off + 9] & 0xff;
        } else if (version == 6) {
            ipHeader = 40;
            ipBytes = 40 + (b.getShort(off + 4) & 0xffff);
            protocol = d[off + 6] & 0xff; // no extension headers on loopback TCP
        } else {
            return null;
        }
        int tcp = off + ipHeader;
        if (protocol != 6 || d.length < tcp + 13) return null;
        int src = b.getShort(tcp) & 0xffff;
        int dst = b.getShort(tcp + 2) & 0xffff;
        int tcpHeader = ((d[tcp + 12] & 0xf0) >> 4) * 4;
        return new Segment(micros, src, dst, ipBytes, ipBytes - ipHeader - tcpHeader);
    }
}

package io.wirecost.attribution;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.profiles.v1development.ExportProfilesServiceRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OTLP/JSON through protobuf's JSON mapping, which OTLP/JSON follows (lowerCamelCase names, 64-bit integers as
 * strings, enums as numbers: the profiles messages have none) except for ids: OTLP writes trace, span and
 * profile ids as hex where protobuf writes bytes as base64, so those three fields are converted on the way.
 */
public final class OtlpJson {

    private static final Pattern IDS = Pattern.compile("\"(traceId|spanId|profileId)\"(\\s*:\\s*)\"([^\"]*)\"");

    private OtlpJson() {}

    public static String print(ExportProfilesServiceRequest request) {
        try {
            String json = JsonFormat.printer().print(request);
            return convertIds(json, true);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a built request always prints", e);
        }
    }

    static ExportProfilesServiceRequest parse(byte[] bytes, String name) throws RecordingException {
        ExportProfilesServiceRequest.Builder b = ExportProfilesServiceRequest.newBuilder();
        try {
            String json = convertIds(new String(bytes, StandardCharsets.UTF_8), false);
            JsonFormat.parser().ignoringUnknownFields().merge(json, b);
        } catch (InvalidProtocolBufferException | IllegalArgumentException e) {
            throw new RecordingException(name, "not OTLP/JSON profiles: " + firstLine(e.getMessage()));
        }
        return b.build();
    }

    private static String firstLine(String s) {
        if (s == null) return "malformed";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String convertIds(String json, boolean toHex) {
        Matcher m = IDS.matcher(json);
        StringBuilder out = new StringBuilder(json.length());
        while (m.find()) {
            String v = toHex
                    ? HexFormat.of().formatHex(Base64.getDecoder().decode(m.group(3)))
                    : Base64.getEncoder().encodeToString(HexFormat.of().parseHex(m.group(3)));
            m.appendReplacement(out, Matcher.quoteReplacement("\"" + m.group(1) + "\"" + m.group(2) + "\"" + v + "\""));
        }
        m.appendTail(out);
        return out.toString();
    }
}

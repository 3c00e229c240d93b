package io.wirecost.report;

import io.wirecost.runner.MessageSize;
import io.wirecost.runner.ScenarioResult;
import java.util.ArrayList;
import java.util.List;

/** The message sizes section of report.html: bytes per invocation as a chart, then the size tables. */
final class MessageSizeSection {

    private MessageSizeSection() {}

    static void html(StringBuilder sb, List<ScenarioResult> results) {
        sb.append("<section id=\"message-sizes\"><h2>Message sizes</h2>");
        List<Svg.Bar> bars = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        List<String> series = new ArrayList<>();
        for (ScenarioResult r : results) {
            for (MessageSize m : r.sizes()) {
                if (!series.contains(r.scenario())) series.add(r.scenario());
                if (!ops.contains(m.operation())) ops.add(m.operation());
                bars.add(new Svg.Bar(
                        m.operation(),
                        r.scenario(),
                        m.totalBytes(),
                        Svg.color(HtmlReport.indexOf(results, r.scenario()))));
            }
        }
        if (bars.isEmpty()) {
            sb.append("<p>This run recorded no message sizes.</p>");
        } else {
            sb.append("<h3>TCP payload per invocation, request and response together</h3>")
                    .append(Svg.legend(
                            series,
                            series.stream()
                                    .map(s -> Svg.color(HtmlReport.indexOf(results, s)))
                                    .toList()))
                    .append(Svg.groupedBars("bytes per invocation", ops, series, bars, "bytes"));
        }
        sb.append(Html.table(MessageSizeTables.messageSizes(results)));
        Table factors = MessageSizeTables.sizeFactors(results);
        if (!factors.rows().isEmpty()) sb.append(Html.table(factors));
        sb.append("</section>");
    }
}

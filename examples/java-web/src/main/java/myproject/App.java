package myproject;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import io.github.pulumidondominio.dondominio.DnsRecord;
import io.github.pulumidondominio.dondominio.DnsRecordArgs;
import io.github.pulumidondominio.dondominio.DnsZone;
import io.github.pulumidondominio.dondominio.DnsZoneArgs;
import io.github.pulumidondominio.dondominio.DondominioFunctions;
import io.github.pulumidondominio.dondominio.MailBox;
import io.github.pulumidondominio.dondominio.MailBoxArgs;
import io.github.pulumidondominio.dondominio.Redirect;
import io.github.pulumidondominio.dondominio.RedirectArgs;
import io.github.pulumidondominio.dondominio.inputs.CheckDomainArgs;
import io.github.pulumidondominio.dondominio.inputs.DnsZoneRecordsArgs;
import java.util.Map;

/**
 * The DNS, a mailbox and a redirect of a site hosted at DonDominio (the same program as
 * examples/python-web). Stack config: zone, mailPassword (secret), and optionally apiTtl (default
 * 3600), redirectFrom (default "old") and wantedDomain; the provider's dondominio:apiUser and the
 * secret dondominio:apiPasswd (or the DONDOMINIO_* environment).
 */
public class App {
    public static void main(String[] args) {
        Pulumi.run(App::site);
    }

    static void site(Context ctx) {
        var config = ctx.config();
        var zone = config.require("zone");

        // The shop's records as one DnsZone; purge off: records it did not declare (the hosting's
        // own www, mail and MX, the DnsRecords below) stay.
        var web = new DnsZone("web", DnsZoneArgs.builder()
            .serviceName(zone)
            .purge(false)
            .records(
                DnsZoneRecordsArgs.builder().name("shop").type("A").value("192.0.2.80").build(),
                DnsZoneRecordsArgs.builder().name("static").type("CNAME").value("shop." + zone + ".").build())
            .build());

        // Three records of three types, each its own resource. A TTL change is an update in place.
        var api = new DnsRecord("api", DnsRecordArgs.builder()
            .serviceName(zone).name("api").type("A").value("192.0.2.81")
            .ttl(config.getInteger("apiTtl").orElse(3600).doubleValue())
            .build());
        var verify = new DnsRecord("verify", DnsRecordArgs.builder()
            .serviceName(zone).name("@").type("TXT").value("site-verification=java-web")
            .build());
        var mx = new DnsRecord("backup-mx", DnsRecordArgs.builder()
            .serviceName(zone).name("@").type("MX").value("mx2.example.net.").priority(20.0)
            .build());

        // The password stays a secret from the config to the API: encrypted in the state, never shown.
        var box = new MailBox("info", MailBoxArgs.builder()
            .serviceName(zone).name("info").password(config.requireSecret("mailPassword"))
            .build());

        // A new origin is a new redirect: the old one is replaced.
        var moved = new Redirect("moved", RedirectArgs.builder()
            .serviceName(zone).origin(config.get("redirectFrom").orElse("old"))
            .destination("https://www." + zone + "/").type("301")
            .build());

        // A data source: is the name free, and at what price (domain/check: ask once per name).
        var wanted = DondominioFunctions.checkDomain(CheckDomainArgs.builder()
            .name(config.get("wantedDomain").orElse("example-shop.com"))
            .build());

        ctx.export("zone", web.id());
        ctx.export("records", Output.all(api.entityId(), verify.entityId(), mx.entityId()));
        ctx.export("mailbox", box.id());
        ctx.export("redirect", moved.id());
        ctx.export("wanted", wanted.applyValue(w -> Map.of("name", w.name(), "available", w.available(), "price", w.price(), "currency", w.currency())));
    }
}

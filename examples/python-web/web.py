"""The DNS, a mailbox and a redirect of a site hosted at DonDominio, with the generated Python SDK.

Stack config: `zone` (the hosting service, e.g. example.com), `mailPassword` (secret), and
optionally `apiTtl` (the api record's TTL, default 3600), `redirectFrom` (the redirect's origin,
default "old") and `wantedDomain` (the name checkDomain looks up). The provider's credentials are
`dondominio:apiUser` and the secret `dondominio:apiPasswd` (or the DONDOMINIO_* environment).
"""
import pulumi
import pulumi_dondominio as dondominio


def site() -> None:
    config = pulumi.Config()
    zone = config.require("zone")

    # The shop's records as one DnsZone; purge off: records it did not declare (the hosting's own
    # www, mail and MX, the DnsRecords below) stay.
    web = dondominio.DnsZone(
        "web",
        service_name=zone,
        purge=False,
        records=[
            dondominio.DnsZoneRecordsArgs(name="shop", type="A", value="192.0.2.80"),
            dondominio.DnsZoneRecordsArgs(name="static", type="CNAME", value=f"shop.{zone}."),
        ],
    )
    # Three records of three types, each its own resource. A TTL change is an update in place.
    api = dondominio.DnsRecord("api", service_name=zone, name="api", type="A", value="192.0.2.81", ttl=config.get_int("apiTtl") or 3600)
    verify = dondominio.DnsRecord("verify", service_name=zone, name="@", type="TXT", value="site-verification=python-web")
    mx = dondominio.DnsRecord("backup-mx", service_name=zone, name="@", type="MX", value="mx2.example.net.", priority=20)

    # The password stays a secret from the config to the API: encrypted in the state, never shown.
    box = dondominio.MailBox("info", service_name=zone, name="info", password=config.require_secret("mailPassword"))

    # A new origin is a new redirect: the old one is replaced.
    moved = dondominio.Redirect("moved", service_name=zone, origin=config.get("redirectFrom") or "old", destination=f"https://www.{zone}/", type="301")

    # A data source: is the name free, and at what price (domain/check: ask once per name).
    wanted = dondominio.check_domain_output(name=config.get("wantedDomain") or "example-shop.com")

    pulumi.export("zone", web.id)
    pulumi.export("records", [api.entity_id, verify.entity_id, mx.entity_id])
    pulumi.export("mailbox", box.id)
    pulumi.export("redirect", moved.id)
    pulumi.export("wanted", {"name": wanted.name, "available": wanted.available, "price": wanted.price, "currency": wanted.currency})

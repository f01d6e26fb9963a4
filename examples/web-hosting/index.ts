/**
 * Web hosting: a hosting service for a domain you hold, with two FTP accounts and a MySQL database
 * (their passwords from secret stack config), two subdomains with their own document roots, and two
 * web redirects.
 *
 * The passwords are read with `config.requireSecret`: encrypted in the stack config and in the
 * state, never in the outputs. The API tells FTP and database passwords back, so a password changed
 * in the panel shows on `pulumi refresh` and the next `pulumi up` sets the configured one again.
 */
import * as pulumi from "@pulumi/pulumi";
import { Database, FtpAccount, HostingService, Redirect, Subdomain } from "pulumi-dondominio";

export = async () => {
  const config = new pulumi.Config("web-hosting");
  const domainName = config.get("domainName") ?? "dondominio-web-example.com";

  // Hosting Basic: web space with PHP, 3 FTP accounts, 3 databases, 10 subdomains; creating it is
  // charged to the balance. It brings the domain's DNS zone.
  const web = new HostingService("web", { name: domainName, productKey: "basic", phpVersion: "8.3" });

  // The deploy account sees the web root only; the backup account the whole space.
  const deploy = new FtpAccount("deploy", { serviceName: web.name, name: "deploy", ftpPath: "/public", password: config.requireSecret("deployPassword") });
  const backup = new FtpAccount("backup", { serviceName: web.name, name: "backup", ftpPath: "/", password: config.requireSecret("backupPassword") });

  // The service names the database and its user (outputs `name` and `user`).
  const db = new Database("app", { serviceName: web.name, password: config.requireSecret("dbPassword") });

  const blog = new Subdomain("blog", { serviceName: web.name, name: "blog", ftpPath: "/blog" });
  const staging = new Subdomain("staging", { serviceName: web.name, name: "staging", ftpPath: "/staging" });

  // old.<domain> moves for good to the site; shop.<domain> points at a shop hosted elsewhere.
  const old = new Redirect("old", { serviceName: web.name, origin: "old", destination: pulumi.interpolate`https://www.${web.name}/`, type: "301" });
  const shop = new Redirect("shop", { serviceName: web.name, origin: "shop", destination: "https://shop.example.org/", type: "302" });

  // No password here: a stack output would show it to everyone who can read the stack.
  return {
    service: web.name,
    status: web.status,
    ftpUsers: [deploy.name, backup.name],
    database: db.name,
    databaseUser: db.user,
    subdomains: [blog.name, staging.name],
    redirects: [old.origin, shop.origin],
  };
};

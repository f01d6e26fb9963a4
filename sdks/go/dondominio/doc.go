// Domains, DNS, hosting, mail and SSL at DonDominio (MrDomain), through its reseller API.
package dondominio

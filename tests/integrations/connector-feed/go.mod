module pulumi-dondominio.local/connector-feed

go 1.24

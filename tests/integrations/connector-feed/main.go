// Command connector-feed serves fixed endpoints to external-dns's `connector` source (source/
// connector.go, v0.21.0): on each connection it writes the endpoints of a JSON file (read again
// each time, so a test changes them between runs) as one gob-encoded []*endpoint.Endpoint and
// closes. gob matches struct fields by name, so this struct with external-dns's field names and
// types (endpoint/endpoint.go) decodes there as its own; nothing of external-dns is linked.
// Prints "listening HOST:PORT" once ready. The standard library only: built in seconds.
package main

import (
	"encoding/gob"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
	"time"
)

type ProviderSpecificProperty struct {
	Name  string `json:"name,omitempty"`
	Value string `json:"value,omitempty"`
}

type Endpoint struct {
	DNSName          string                     `json:"dnsName,omitempty"`
	Targets          []string                   `json:"targets,omitempty"`
	RecordType       string                     `json:"recordType,omitempty"`
	SetIdentifier    string                     `json:"setIdentifier,omitempty"`
	RecordTTL        int64                      `json:"recordTTL,omitempty"`
	Labels           map[string]string          `json:"labels,omitempty"`
	ProviderSpecific []ProviderSpecificProperty `json:"providerSpecific,omitempty"`
}

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	file := flag.String("file", "", "JSON file of endpoints")
	flag.Parse()
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening %s\n", l.Addr())
	for {
		conn, err := l.Accept()
		if err != nil {
			log.Fatal(err)
		}
		go serve(conn, *file)
	}
}

func serve(conn net.Conn, file string) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	f, err := os.Open(file)
	if err != nil {
		log.Printf("open: %v", err)
		return
	}
	defer f.Close()
	var eps []*Endpoint
	if err := json.NewDecoder(io.LimitReader(f, 16<<20)).Decode(&eps); err != nil {
		log.Printf("decode %s: %v", file, err)
		return
	}
	if err := gob.NewEncoder(conn).Encode(eps); err != nil {
		log.Printf("encode: %v", err)
		return
	}
	fmt.Printf("served %d endpoints\n", len(eps))
}

// go-nethttp: Go's standard net/http server as a reference peer, serving the workload's /plaintext and /json
// as the models do (same bodies and Content-Type; Server names the peer; Date and Content-Length written by
// net/http). No simulated work. Built and started by scripts/peers/go.sh.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"runtime"
)

type message struct {
	Message string `json:"message"`
}

func main() {
	listen := flag.String("listen", "127.0.0.1:8481", "host:port to listen on")
	flag.Parse()

	mux := http.NewServeMux()
	mux.HandleFunc("/plaintext", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Server", "go-nethttp")
		h.Set("Content-Type", "text/plain")
		h.Set("Content-Length", "13")
		w.Write([]byte("Hello, World!"))
	})
	mux.HandleFunc("/json", func(w http.ResponseWriter, r *http.Request) {
		// Serialised anew per request, as TechEmpower's rules (and the models) do.
		body, err := json.Marshal(message{Message: "Hello, World!"})
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		h := w.Header()
		h.Set("Server", "go-nethttp")
		h.Set("Content-Type", "application/json")
		w.Write(body)
	})
	listener, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatalf("go-nethttp: %v", err)
	}
	fmt.Fprintf(os.Stderr, "go-nethttp listening on %s, GOMAXPROCS %d\n", listener.Addr(), runtime.GOMAXPROCS(0))
	log.Fatal(http.Serve(listener, mux))
}

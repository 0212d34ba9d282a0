// go-fasthttp: valyala/fasthttp as a reference peer (article 004 of the seeds), serving the workload's
// /plaintext and /json as the models do. No simulated work. Built in GOPATH mode from Debian's
// golang-github-valyala-fasthttp-dev by scripts/peers/go.sh.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"runtime"

	"github.com/valyala/fasthttp"
)

type message struct {
	Message string `json:"message"`
}

var plaintext = []byte("Hello, World!")

func handle(ctx *fasthttp.RequestCtx) {
	switch string(ctx.Path()) {
	case "/plaintext":
		ctx.SetContentType("text/plain")
		ctx.SetBody(plaintext)
	case "/json":
		body, err := json.Marshal(message{Message: "Hello, World!"})
		if err != nil {
			ctx.Error(err.Error(), fasthttp.StatusInternalServerError)
			return
		}
		ctx.SetContentType("application/json")
		ctx.SetBody(body)
	default:
		ctx.Error("Not Found", fasthttp.StatusNotFound)
	}
}

func main() {
	listen := flag.String("listen", "127.0.0.1:8482", "host:port to listen on")
	flag.Parse()
	listener, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatalf("go-fasthttp: %v", err)
	}
	server := &fasthttp.Server{Handler: handle, Name: "go-fasthttp"}
	fmt.Fprintf(os.Stderr, "go-fasthttp listening on %s, GOMAXPROCS %d\n", listener.Addr(), runtime.GOMAXPROCS(0))
	log.Fatal(server.Serve(listener))
}

-- wrk script: sends DEPTH requests for PATH in one write (HTTP/1.1 pipelining) and counts every response.
--   wrk -t1 -c256 -d10s -s scripts/bench/pipeline.lua http://127.0.0.1:8480 -- /plaintext 16
-- wrk then records one latency sample per batch, so with pipelining only its requests/s is meaningful.
init = function(args)
    local path = args[1] or "/plaintext"
    local depth = tonumber(args[2]) or 16
    local batch = {}
    for i = 1, depth do
        batch[i] = wrk.format(nil, path)
    end
    req = table.concat(batch)
end

request = function()
    return req
end

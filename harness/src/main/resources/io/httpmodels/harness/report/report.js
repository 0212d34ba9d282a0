// The report's charts, from the results embedded in the page (#results-data), for the containers the page lists
// (.chart, data-chart = what to draw, data-scenarios = which scenarios). Figures come from the data as written;
// this script only lays them out, and charts.js draws them and marks each one drawn for the browser check.
(function () {
    'use strict';

    var data = JSON.parse(document.getElementById('results-data').textContent);

    // The models take the palette; the reference peer (nginx) is drawn in a neutral grey.
    var PALETTE = HttpModelsCharts.PALETTE;
    var REFERENCE_COLOR = '#555b63';
    var FONT = HttpModelsCharts.FONT;
    var CLIENT_BOUND = '‡ client-bound';
    // Hatching on client-bound bars: their height measures the client as much as the server.
    var CLIENT_BOUND_DECAL = {
        symbol: 'rect', symbolSize: 1, dashArrayX: [1, 0], dashArrayY: [3, 5], rotation: -Math.PI / 4,
        color: 'rgba(255, 255, 255, 0.6)'
    };

    var colors = {};
    var paletteIndex = 0;
    data.targets.forEach(function (t) {
        // A merged run's agents take the palette; their total, like a reference peer, the neutral grey.
        colors[t.name] = t.kind === 'model' || t.kind === 'agent'
            ? PALETTE[paletteIndex++ % PALETTE.length] : REFERENCE_COLOR;
    });

    var scenarios = {};
    data.scenarios.forEach(function (s) { scenarios[s.id] = s; });

    var summaries = {};
    data.summaries.forEach(function (s) { summaries[s.scenarioId + '\u0000' + s.target] = s; });

    function summaryOf(scenarioId, target) {
        return summaries[scenarioId + '\u0000' + target] || null;
    }

    // A figure measured over forks is {value, low, high, forks}: its median, and its 95 % interval when it has one.
    function figure(e) {
        return e === null || e === undefined ? null : e.value;
    }

    function hasInterval(e) {
        return e !== null && e !== undefined && e.low !== undefined && e.low !== null;
    }

    function okSummaryOf(scenarioId, target) {
        var s = summaryOf(scenarioId, target);
        return s && s.status === 'ok' ? s : null;
    }

    // At most `digits` decimals, without trailing zeros: 1.50 -> 1.5, 100 -> 100.
    function roundTo(value, digits) {
        var text = value.toFixed(digits);
        return text.indexOf('.') < 0 ? text : text.replace(/\.?0+$/, '');
    }

    // 143.1k, 905, 1.25M
    function compact(value) {
        if (value === null || value === undefined) { return '–'; }
        if (value >= 1e6) { return roundTo(value / 1e6, 2) + 'M'; }
        if (value >= 1e5) { return Math.round(value / 1e3) + 'k'; }
        if (value >= 1e3) { return roundTo(value / 1e3, 1) + 'k'; }
        return String(Math.round(value));
    }

    // 85 µs, 1.25 ms, 2.1 s
    function micros(value) {
        if (value < 1e3) { return roundTo(value, value < 10 ? 1 : 0) + ' µs'; }
        if (value < 1e6) { return roundTo(value / 1e3, value < 1e4 ? 2 : 1) + ' ms'; }
        return roundTo(value / 1e6, 2) + ' s';
    }

    function percentFromX(x) {
        return roundTo(100 - 100 / x, 5) + ' %';
    }

    function scenarioLabel(s) {
        var parts = [s.route, s.connections + (s.connections === 1 ? ' conn' : ' conns')];
        if (!s.keepAlive) { parts.push('close'); }
        if (s.pipeline > 1) { parts.push('pipeline ' + s.pipeline); }
        if (s.workMillis > 0) { parts.push(s.workMillis + ' ms work'); }
        if (s.rate) { parts.push('at ' + compact(s.rate) + '/s'); }
        if (s.rateFraction) { parts.push('at ' + Math.round(s.rateFraction * 100) + ' % of peak'); }
        return parts.join(' · ');
    }

    function truncate(text, length) {
        text = String(text);
        return text.length <= length ? text : text.slice(0, length - 1) + '…';
    }

    function escapeHtml(text) {
        return String(text).replace(/[&<>"']/g, function (c) {
            return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[c];
        });
    }

    function served(s) {
        return s.connectionsServed === null || s.connectionsServed === undefined
            ? '–' : s.connectionsServed + ' / ' + s.connections;
    }

    function unserved(s) {
        return s.connectionsServed !== null && s.connectionsServed !== undefined
            && s.connectionsServed < s.connections;
    }

    function summaryTooltip(target, s) {
        if (!s) { return escapeHtml(target) + ': not run'; }
        if (s.status !== 'ok') { return escapeHtml(target) + ': failed: ' + escapeHtml(s.failure); }
        var lines = ['<b>' + escapeHtml(target) + '</b>'];
        var rps = s.requestsPerSecond;
        var range = hasInterval(rps)
            ? ' (95 % interval ' + compact(rps.low) + '–' + compact(rps.high) + ', ' + rps.forks + ' forks)'
            : ' (one fork: no interval)';
        lines.push('requests/s: ' + compact(figure(rps)) + range);
        if (s.relativeToBest !== null) {
            lines.push('vs best: ' + (s.tiedWithBest && s.relativeToBest < 1 ? '≈' : '') + s.relativeToBest.toFixed(2)
                + (s.tiedWithBest && s.relativeToBest < 1 ? ' (not shown to differ from the best)' : ''));
        }
        if (s.relativeToNginx !== null && s.relativeToNginx !== undefined) {
            lines.push('vs nginx: ' + s.relativeToNginx.toFixed(2));
        }
        if (s.latency) {
            lines.push('p50 / p99 (' + escapeHtml(s.latency.kind) + '): ' + micros(s.latency.p50) + ' / '
                + micros(s.latency.p99));
        }
        var cpu = s.cpuMicrosPerRequest;
        if (cpu !== null && cpu !== undefined) {
            lines.push('server CPU: ' + figure(cpu).toFixed(1) + ' µs/request'
                + (hasInterval(cpu) ? ' (' + cpu.low.toFixed(1) + '–' + cpu.high.toFixed(1) + ')' : ''));
        }
        lines.push('connections served: ' + served(s));
        if (s.timeouts > 0 || s.errors > 0) { lines.push('timeouts: ' + s.timeouts + ', errors: ' + s.errors); }
        if (s.clientCpuPercent !== null) {
            lines.push('client CPU: ' + Math.round(s.clientCpuPercent) + ' %' + (s.clientBound ? ' ' + CLIENT_BOUND : ''));
        }
        return lines.join('<br>');
    }

    function base(option) {
        option.textStyle = {fontFamily: FONT, color: '#1d232b'};
        // ECharts 5.3.1 sizes the room for an axis's labels (grid.containLabel) in the labels' own font family,
        // else sans-serif, not in the textStyle above that it draws them in: where sans-serif is the narrower
        // font, the longest model name ran off the chart's left edge. So every axis names the page's font.
        [].concat(option.xAxis || [], option.yAxis || []).forEach(function (axis) {
            axis.axisLabel = axis.axisLabel || {};
            axis.axisLabel.fontFamily = FONT;
        });
        // Drawn whole at once: a report is read, not watched, and a print or screenshot must show every figure
        // at its value. ECharts then draws in setOption itself and fires "finished" there, with no dependence
        // on animation frames (which a headless or background tab may never run).
        option.animation = false;
        return option;
    }

    function noFigures(option, text) {
        option.graphic = [{
            type: 'text', left: 'center', top: 'middle',
            style: {text: text, fill: '#5a6472', font: '14px ' + FONT}
        }];
        return option;
    }

    function valueAxisName(name, gap) {
        return {name: name, nameLocation: 'middle', nameGap: gap, nameTextStyle: {color: '#5a6472'}};
    }

    // Legends wrap onto a second line rather than page: every target stays visible.
    function legend() {
        return {top: 0, left: 'center', itemGap: 14, itemWidth: 18, itemHeight: 10, textStyle: {fontSize: 12}};
    }

    // (a) Requests/s of every target in one scenario: horizontal bars, client-bound ones hatched, failed ones named.
    function rpsOption(scenarioIds) {
        var sid = scenarioIds[0];
        var names = data.targets.map(function (t) { return t.name; });
        var labels = [];
        var items = data.targets.map(function (t) {
            var s = summaryOf(sid, t.name);
            var ok = s && s.status === 'ok';
            var label;
            if (!s) {
                label = 'not run';
            } else if (!ok) {
                label = 'failed: ' + truncate(s.failure, 60);
            } else {
                label = compact(figure(s.requestsPerSecond));
                if (s.clientBound) { label += '  ' + CLIENT_BOUND; }
                if (unserved(s)) { label += '  † served ' + served(s); }
            }
            var itemStyle = {color: colors[t.name], borderRadius: [0, 3, 3, 0]};
            if (ok && s.clientBound) { itemStyle.decal = CLIENT_BOUND_DECAL; }
            labels.push(label);
            return {
                value: ok ? figure(s.requestsPerSecond) : 0,
                itemStyle: itemStyle,
                // A row with an interval has its label drawn past the whisker's end (rpsIntervals): at the bar's
                // end it would sit on the whisker whenever the interval reaches further than the label's gap.
                label: {show: !(ok && hasInterval(s.requestsPerSecond)), position: 'right', formatter: label,
                    color: ok ? '#1d232b' : '#a12a2a', fontStyle: ok ? 'normal' : 'italic'}
            };
        });
        var axis = valueAxisName('requests/s', 28);
        axis.type = 'value';
        axis.axisLabel = {formatter: compact};
        return base({
            grid: {left: 8, right: 170, top: 8, bottom: 38, containLabel: true},
            tooltip: {
                trigger: 'item',
                formatter: function (p) { return summaryTooltip(p.name, summaryOf(sid, p.name)); }
            },
            xAxis: axis,
            yAxis: {type: 'category', data: names, inverse: true, axisTick: {show: false}},
            series: [{type: 'bar', data: items, barMaxWidth: 22, barCategoryGap: '30%'}].concat(rpsIntervals(sid, labels))
        });
    }

    // The 95 % intervals of one scenario's requests/s, as error bars over its horizontal bars, each with its row's
    // label (labels[ti]) 5 px past whichever ends further right, the bar or the whisker.
    function rpsIntervals(sid, labels) {
        var bars = [];
        data.targets.forEach(function (t, ti) {
            var s = okSummaryOf(sid, t.name);
            if (s && hasInterval(s.requestsPerSecond)) {
                bars.push([s.requestsPerSecond.low, s.requestsPerSecond.high, ti, figure(s.requestsPerSecond)]);
            }
        });
        if (!bars.length) { return []; }
        return [{
            name: '95 % interval',
            type: 'custom',
            data: bars,
            z: 10,
            silent: true,
            tooltip: {show: false},
            encode: {x: [0, 1], y: 2},
            renderItem: function (params, api) {
                var low = api.coord([api.value(0), api.value(2)]);
                var high = api.coord([api.value(1), api.value(2)]);
                var end = Math.max(high[0] + 5, api.coord([api.value(3), api.value(2)])[0]);
                var bar = errorBar(low, high, 5, true);
                bar.children.push({type: 'text', style: {text: labels[api.value(2)], x: end + 5, y: high[1],
                    verticalAlign: 'middle', fill: '#1d232b', font: '12px ' + FONT}});
                return bar;
            }
        }];
    }

    // (b) Latency by percentile, HdrHistogram's plot: x = 1 / (1 - p) on a log axis, latency on a log axis.
    function latencyOption(scenarioIds) {
        var sid = scenarioIds[0];
        var series = [];
        var maxX = 10;
        data.targets.forEach(function (t) {
            var s = okSummaryOf(sid, t.name);
            if (!s || !s.distribution || s.distribution.length === 0) { return; }
            var points = [];
            s.distribution.forEach(function (p) {
                if (p.percentile < 100) {
                    var x = 1 / (1 - p.percentile / 100);
                    maxX = Math.max(maxX, x);
                    points.push([x, Math.max(1, p.valueMicros)]);
                }
            });
            series.push({
                name: t.name + (s.clientBound ? ' ‡' : ''),
                type: 'line',
                showSymbol: false,
                data: points,
                color: colors[t.name],
                lineStyle: {width: 2, type: s.clientBound ? 'dashed' : 'solid'},
                emphasis: {focus: 'series'}
            });
        });
        var option = base({
            grid: {left: 34, right: 36, top: 60, bottom: 40, containLabel: true},
            legend: legend(),
            tooltip: {
                trigger: 'axis',
                formatter: function (params) {
                    if (!params.length) { return ''; }
                    var lines = ['percentile ' + percentFromX(params[0].value[0])];
                    params.forEach(function (p) {
                        lines.push(p.marker + escapeHtml(p.seriesName) + ': ' + micros(p.value[1]));
                    });
                    return lines.join('<br>');
                }
            },
            xAxis: {
                type: 'log', logBase: 10, min: 1, max: Math.pow(10, Math.ceil(Math.log10(maxX) - 1e-9)),
                name: 'percentile', nameLocation: 'middle', nameGap: 28, nameTextStyle: {color: '#5a6472'},
                axisLabel: {formatter: percentFromX}, splitLine: {show: true, lineStyle: {color: '#eef0f3'}}
            },
            yAxis: {
                type: 'log', logBase: 10, name: 'latency', nameLocation: 'middle', nameGap: 58,
                nameTextStyle: {color: '#5a6472'}, axisLabel: {formatter: micros},
                splitLine: {lineStyle: {color: '#eef0f3'}}
            },
            series: series
        });
        return series.length ? option : noFigures(option, 'no latency figures: every target failed or did not run');
    }

    // An error bar: the line from `from` to `to` (pixel points) with a cap `cap` pixels wide at each end.
    function errorBar(from, to, cap, horizontal) {
        var style = {stroke: '#1d232b', lineWidth: 1.2};
        function line(x1, y1, x2, y2) {
            return {type: 'line', shape: {x1: x1, y1: y1, x2: x2, y2: y2}, style: style};
        }
        if (horizontal) {
            return {type: 'group', children: [line(from[0], from[1], to[0], to[1]),
                line(from[0], from[1] - cap, from[0], from[1] + cap), line(to[0], to[1] - cap, to[0], to[1] + cap)]};
        }
        return {type: 'group', children: [line(from[0], from[1], to[0], to[1]),
            line(from[0] - cap, from[1], from[0] + cap, from[1]), line(to[0] - cap, to[1], to[0] + cap, to[1])]};
    }

    // (c) A figure per scenario and target: grouped bars, scenarios along x, one colour per target, each bar with
    // its 95 % interval over forks as an error bar (none for a figure of one fork).
    function perScenarioOption(scenarioIds, axisName, estimateOf, scale, format) {
        var BAR = {barMaxWidth: 18, barGap: '30%', barCategoryGap: '20%'};
        var bars = [];
        var series = data.targets.map(function (t, ti) {
            return Object.assign({
                name: t.name,
                type: 'bar',
                color: colors[t.name],
                data: scenarioIds.map(function (sid, ci) {
                    var s = okSummaryOf(sid, t.name);
                    var e = s ? estimateOf(s) : null;
                    if (hasInterval(e)) { bars.push([ci, e.low * scale, e.high * scale, ti]); }
                    return e === null || e === undefined ? null : e.value * scale;
                })
            }, BAR);
        });
        var count = data.targets.length;
        if (bars.length) {
            series.push({
                name: '95 % interval',
                type: 'custom',
                data: bars,
                z: 10,
                silent: true,
                tooltip: {show: false},
                renderItem: function (params, api) {
                    var layout = api.barLayout(Object.assign({count: count}, BAR))[api.value(3)];
                    var low = api.coord([api.value(0), api.value(1)]);
                    var high = api.coord([api.value(0), api.value(2)]);
                    var x = low[0] + layout.offsetCenter;
                    return errorBar([x, low[1]], [x, high[1]], Math.max(2, layout.width / 4), false);
                }
            });
        }
        var axis = valueAxisName(axisName, 40);
        axis.type = 'value';
        axis.axisLabel = {formatter: format};
        var legendOption = legend();
        legendOption.data = data.targets.map(function (t) { return t.name; });
        return base({
            grid: {left: 30, right: 16, top: 60, bottom: 20, containLabel: true},
            legend: legendOption,
            tooltip: {
                trigger: 'axis', axisPointer: {type: 'shadow'},
                valueFormatter: function (v) { return v === null || v === undefined ? '–' : format(v); }
            },
            xAxis: {
                type: 'category',
                data: scenarioIds.map(function (sid) { return scenarioLabel(scenarios[sid]); }),
                axisLabel: {interval: 0, width: 120, overflow: 'break', fontSize: 11}
            },
            yAxis: axis,
            series: series
        });
    }

    function cpuOption(scenarioIds) {
        return perScenarioOption(scenarioIds, 'server CPU, µs per request',
            function (s) { return s.cpuMicrosPerRequest; },
            1,
            function (v) { return roundTo(v, v < 10 ? 1 : 0); });
    }

    function rssOption(scenarioIds) {
        return perScenarioOption(scenarioIds, 'RSS peak, MiB',
            function (s) { return s.rssPeakBytes; },
            1 / (1024 * 1024),
            function (v) { return roundTo(v, v < 10 ? 1 : 0); });
    }

    // (c') Why, per request, in one scenario: each target's CPU split (user, system) stacked, and the time its
    // runnable threads waited for the core beside it; the counts per request in the tooltip.
    function whyOption(scenarioIds) {
        var sid = scenarioIds[0];
        var names = data.targets.map(function (t) { return t.name; });
        function figure(name, pick) {
            return names.map(function (n) {
                var s = okSummaryOf(sid, n);
                var v = s && s.why ? pick(s.why) : null;
                return v === null || v === undefined ? null : v;
            });
        }
        function perRequest(v) {
            if (v === null || v === undefined) { return '–'; }
            return roundTo(v, Math.abs(v) < 0.1 ? 3 : Math.abs(v) < 10 ? 2 : 1);
        }
        function tooltip(params) {
            var name = params[0].name;
            var s = okSummaryOf(sid, name);
            if (!s || !s.why) { return escapeHtml(name) + ': no why figures'; }
            var w = s.why;
            var lines = ['<b>' + escapeHtml(name) + '</b>'];
            params.forEach(function (p) {
                lines.push(escapeHtml(p.seriesName) + ': ' + perRequest(p.value) + ' µs');
            });
            lines.push('switches, voluntary / involuntary: ' + perRequest(w.voluntarySwitchesPerRequest) + ' / '
                + perRequest(w.involuntarySwitchesPerRequest));
            lines.push('system calls: ' + perRequest(w.syscallsPerRequest)
                + (w.syscallsSource.coverage === 'partial' ? ' (read and write only)' : ''));
            if (w.topSyscalls.length > 0) {
                lines.push(w.topSyscalls.map(function (r) {
                    return escapeHtml(r.name) + ' ' + perRequest(r.perRequest);
                }).join(', '));
            }
            if (w.jvm && w.jvm.allocatedBytesPerRequest !== null) {
                lines.push('allocated: ' + Math.round(w.jvm.allocatedBytesPerRequest) + ' B; GC: '
                    + perRequest(w.jvm.gcPauseMicrosPerRequest) + ' µs');
            }
            if (s.profiledWith) { lines.push('profiled (' + escapeHtml(s.profiledWith) + '): perturbed'); }
            return lines.join('<br>');
        }
        var axis = valueAxisName('µs per request', 28);
        axis.type = 'value';
        return base({
            grid: {left: 8, right: 24, top: 34, bottom: 38, containLabel: true},
            legend: legend(),
            tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}, formatter: tooltip},
            xAxis: axis,
            yAxis: {type: 'category', data: names, inverse: true, axisTick: {show: false}},
            series: [
                {name: 'user', type: 'bar', stack: 'cpu', color: '#4e79a7', barMaxWidth: 16,
                    data: figure('user', function (w) { return w.userMicrosPerRequest; })},
                {name: 'system', type: 'bar', stack: 'cpu', color: '#f28e2b', barMaxWidth: 16,
                    data: figure('system', function (w) { return w.systemMicrosPerRequest; })},
                {name: 'run queue', type: 'bar', color: '#bab0ac', barMaxWidth: 16,
                    data: figure('rq', function (w) { return w.runQueueWaitMicrosPerRequest; })}
            ]
        });
    }

    // (d) Requests/s against connections over a sweep: one line per target, client-bound points as diamonds.
    function sweepOption(scenarioIds) {
        var counts = scenarioIds.map(function (sid) { return String(scenarios[sid].connections); });
        var series = data.targets.map(function (t) {
            return {
                name: t.name,
                type: 'line',
                color: colors[t.name],
                connectNulls: false,
                lineStyle: {width: 2},
                data: scenarioIds.map(function (sid) {
                    var s = okSummaryOf(sid, t.name);
                    if (!s) { return null; }
                    return {
                        value: figure(s.requestsPerSecond),
                        symbol: s.clientBound ? 'diamond' : 'circle',
                        symbolSize: s.clientBound ? 13 : 7
                    };
                })
            };
        });
        var axis = valueAxisName('requests/s', 48);
        axis.type = 'value';
        axis.axisLabel = {formatter: compact};
        return base({
            grid: {left: 34, right: 24, top: 60, bottom: 36, containLabel: true},
            legend: legend(),
            tooltip: {
                trigger: 'item',
                formatter: function (p) {
                    var sid = scenarioIds[p.dataIndex];
                    return escapeHtml(scenarioLabel(scenarios[sid])) + '<br>'
                        + summaryTooltip(p.seriesName, summaryOf(sid, p.seriesName));
                }
            },
            xAxis: {type: 'category', data: counts, name: 'connections', nameLocation: 'middle', nameGap: 26,
                nameTextStyle: {color: '#5a6472'}, boundaryGap: false},
            yAxis: axis,
            series: series
        });
    }

    // (e) Timeouts and errors of every row that counted any.
    function errorsOption(scenarioIds) {
        var labels = [];
        var timeouts = [];
        var errors = [];
        scenarioIds.forEach(function (sid) {
            data.targets.forEach(function (t) {
                var s = summaryOf(sid, t.name);
                if (s && (s.timeouts > 0 || s.errors > 0)) {
                    labels.push(t.name + '\n' + scenarioLabel(scenarios[sid]));
                    timeouts.push(s.timeouts);
                    errors.push(s.errors);
                }
            });
        });
        var axis = valueAxisName('count, over every repetition', 28);
        axis.type = 'value';
        return base({
            grid: {left: 12, right: 56, top: 36, bottom: 36, containLabel: true},
            legend: legend(),
            tooltip: {trigger: 'axis', axisPointer: {type: 'shadow'}},
            xAxis: axis,
            yAxis: {type: 'category', data: labels, inverse: true, axisLabel: {fontSize: 11, lineHeight: 14}},
            series: [
                {name: 'timeouts', type: 'bar', color: '#e15759', data: timeouts, barMaxWidth: 14,
                    label: {show: true, position: 'right'}},
                {name: 'errors, every kind', type: 'bar', color: '#f1a340', data: errors, barMaxWidth: 14,
                    label: {show: true, position: 'right'}}
            ]
        });
    }

    // (g) Slow clients: the share of its requests/s each target kept beside the slow connections, against the same
    // load alone in the same run (scenarioIds: [with slow connections, alone]).
    function keptOption(scenarioIds) {
        var names = data.targets.map(function (t) { return t.name; });
        var items = data.targets.map(function (t) {
            var slow = okSummaryOf(scenarioIds[0], t.name);
            var alone = okSummaryOf(scenarioIds[1], t.name);
            var kept = slow && alone && figure(alone.requestsPerSecond) > 0
                ? 100 * figure(slow.requestsPerSecond) / figure(alone.requestsPerSecond) : null;
            var label = kept === null ? 'no figure' : roundTo(kept, kept < 10 ? 1 : 0) + ' %  ('
                + compact(figure(slow.requestsPerSecond)) + ' of ' + compact(figure(alone.requestsPerSecond))
                + ' req/s)';
            return {
                value: kept === null ? 0 : kept,
                itemStyle: {color: colors[t.name], borderRadius: [0, 3, 3, 0]},
                label: {show: true, position: 'right', formatter: label,
                    color: kept === null ? '#a12a2a' : '#1d232b'}
            };
        });
        var axis = valueAxisName('% of its requests/s alone', 28);
        axis.type = 'value';
        axis.min = 0;
        return base({
            grid: {left: 8, right: 210, top: 8, bottom: 38, containLabel: true},
            tooltip: {trigger: 'item'},
            xAxis: axis,
            yAxis: {type: 'category', data: names, inverse: true, axisTick: {show: false}},
            series: [{type: 'bar', data: items, barMaxWidth: 22, barCategoryGap: '30%'}]
        });
    }

    // (f) A merged run: requests/s in each second from the common start, one line per agent and the total.
    function timelineOption(scenarioIds) {
        var sid = scenarioIds[0];
        var totalName = data.merge ? data.merge.total : null;
        var length = 0;
        var series = [];
        data.targets.forEach(function (t) {
            var cell = null;
            data.cells.forEach(function (c) {
                if (!cell && c.scenarioId === sid && c.target === t.name) { cell = c; }
            });
            if (!cell || !cell.timeline || cell.timeline.length === 0) { return; }
            length = Math.max(length, cell.timeline.length);
            var total = t.name === totalName;
            series.push({
                name: t.name,
                type: 'line',
                showSymbol: false,
                data: cell.timeline,
                color: colors[t.name],
                lineStyle: {width: total ? 3 : 2},
                z: total ? 3 : 2,
                emphasis: {focus: 'series'}
            });
        });
        var seconds = [];
        for (var i = 0; i < length; i++) { seconds.push(String(i)); }
        var axis = valueAxisName('requests/s', 48);
        axis.type = 'value';
        axis.axisLabel = {formatter: compact};
        var option = base({
            grid: {left: 34, right: 24, top: 60, bottom: 36, containLabel: true},
            legend: legend(),
            tooltip: {trigger: 'axis', valueFormatter: function (v) { return compact(v) + '/s'; }},
            xAxis: {type: 'category', data: seconds, name: 'second', nameLocation: 'middle', nameGap: 26,
                nameTextStyle: {color: '#5a6472'}, boundaryGap: false},
            yAxis: axis,
            series: series
        });
        return series.length ? option : noFigures(option, 'no timeline in the data');
    }

    var OPTIONS = {
        kept: keptOption,
        timeline: timelineOption,
        rps: rpsOption,
        latency: latencyOption,
        cpu: cpuOption,
        rss: rssOption,
        why: whyOption,
        sweep: sweepOption,
        errors: errorsOption
    };

    HttpModelsCharts.drawAll(function (el) {
        var kind = el.getAttribute('data-chart');
        var build = OPTIONS[kind];
        if (!build) { throw new Error('no chart of kind ' + kind); }
        var ids = (el.getAttribute('data-scenarios') || '').split(' ').filter(function (id) {
            return id.length > 0;
        });
        ids.forEach(function (id) {
            if (!scenarios[id]) { throw new Error('no scenario ' + id + ' in the data'); }
        });
        return build(ids);
    });
})();

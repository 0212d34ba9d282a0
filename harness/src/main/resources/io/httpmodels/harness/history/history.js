// Draws the history page's charts with Apache ECharts from the data embedded in the page (#history-data): one
// line per target over the commits (the median of each commit's runs), a dot per run where a commit has several,
// the gate's verdicts as markers. Every number comes from the data as Java wrote it; this script only lays it out.
// charts.js draws them; once a chart is drawn its container also says what was drawn, for the browser check:
// data-points (points per line, "netty=15;nio-reactor=15"), data-runs (dots per line where commits have several
// runs, "netty=3"), data-markers (how many verdict markers) and data-marker-at (each on its line and commit,
// "netty@1a2b3c4=regression").
(function () {
    'use strict';

    var data = JSON.parse(document.getElementById('history-data').textContent);
    var PALETTE = HttpModelsCharts.PALETTE;
    var FONT = HttpModelsCharts.FONT;
    var MARKER = {
        'regression': {symbol: 'triangle', rotate: 180, color: '#c0392b'},
        'improvement': {symbol: 'triangle', rotate: 0, color: '#1e8449'},
        'failed': {symbol: 'rect', rotate: 45, color: '#7b241c'}
    };

    var colors = {};
    var next = 0;
    data.charts.forEach(function (c) {
        c.lines.forEach(function (l) {
            if (!(l.target in colors)) { colors[l.target] = PALETTE[next++ % PALETTE.length]; }
        });
    });
    var byId = {};
    data.charts.forEach(function (c) { byId[c.id] = c; });

    function number(v) {
        if (v === null || v === undefined) { return '–'; }
        return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(3);
    }

    function option(c) {
        var series = c.lines.map(function (line) {
            var marks = c.markers.filter(function (m) { return m.line === line.name; }).map(function (m) {
                var look = MARKER[m.verdict] || MARKER.failed;
                return {
                    coord: [m.x, m.value], value: m.verdict, text: m.text, symbol: look.symbol,
                    symbolRotate: look.rotate, symbolSize: 16, itemStyle: {color: look.color},
                    label: {show: false}
                };
            });
            return {
                type: 'line', name: line.name, data: line.values, connectNulls: true, showSymbol: true,
                symbolSize: 6, color: colors[line.target], cursor: 'pointer',
                // A target's regress runs: its colour, dashed; nulls are the other kind's runs, bridged.
                lineStyle: {type: line.kind === 'regress' ? 'dashed' : 'solid'},
                markPoint: {data: marks, symbolOffset: [0, 0], animation: false}
            };
        });
        // Where a commit has several runs, each run is a dot at that commit: the spread the median hides. Same name
        // as its line, so the legend shows and hides both.
        c.lines.forEach(function (line) {
            var dots = [];
            line.runs.forEach(function (values, x) {
                if (values.length > 1) {
                    values.forEach(function (v) { dots.push([x, v]); });
                }
            });
            if (dots.length > 0) {
                series.push({
                    type: 'scatter', name: line.name, data: dots, symbolSize: 5, color: colors[line.target],
                    itemStyle: {opacity: 0.55}, z: 1
                });
            }
        });
        return {
            animation: false,
            textStyle: {fontFamily: FONT},
            // A plain legend wraps onto a second row (a model's compare and regress lines); the grid leaves it room.
            grid: {left: 64, right: 20, top: 60, bottom: 52, containLabel: false},
            legend: {top: 0, itemGap: 8, itemWidth: 18, textStyle: {fontSize: 11}},
            tooltip: {
                trigger: 'item', confine: true,
                formatter: function (p) {
                    if (p.componentType === 'markPoint') { return p.data.text; }
                    if (p.seriesType === 'scatter') {
                        return p.seriesName + ': ' + number(p.value[1]) + ' ' + c.figure + ', one run of '
                            + c.ticks[p.value[0]].commit.substring(0, 12);
                    }
                    var tick = c.ticks[p.dataIndex];
                    return p.seriesName + ': ' + number(p.value) + ' ' + c.figure
                        + (tick.runs > 1 ? ', the median of ' + tick.runs + ' runs' : '') + '<br>'
                        + tick.commit.substring(0, 12) + ' · ' + tick.date
                        + (tick.report ? '<br>click: open its report' : '');
                }
            },
            xAxis: {
                type: 'category', data: c.ticks.map(function (t) { return t.label; }),
                axisLabel: {fontSize: 10, hideOverlap: true}
            },
            yAxis: {type: 'value', scale: true, axisLabel: {fontSize: 11}},
            series: series
        };
    }

    // What ECharts holds once drawn (its merged option), not what the data asked for: points per line, markers.
    function describe(el, chart, c) {
        var series = chart.getOption().series;
        var lines = series.filter(function (s) { return s.type === 'line'; });
        el.setAttribute('data-points', lines.map(function (s) {
            return s.name + '=' + s.data.filter(function (v) { return v !== null && v !== undefined; }).length;
        }).join(';'));
        el.setAttribute('data-runs', series.filter(function (s) { return s.type === 'scatter'; }).map(function (s) {
            return s.name + '=' + s.data.length;
        }).join(';'));
        var at = [];
        lines.forEach(function (s) {
            (s.markPoint && s.markPoint.data ? s.markPoint.data : []).forEach(function (m) {
                at.push(s.name + '@' + c.ticks[m.coord[0]].commit.substring(0, 7) + '=' + m.value);
            });
        });
        el.setAttribute('data-markers', String(at.length));
        el.setAttribute('data-marker-at', at.join(';'));
    }

    function chartOf(el) {
        var c = byId[el.id];
        if (!c) { throw new Error('no chart ' + el.id + ' in the data'); }
        return c;
    }

    HttpModelsCharts.drawAll(function (el) { return option(chartOf(el)); }, {
        init: function (el, chart) {
            var c = chartOf(el);
            chart.on('click', function (p) {
                if (p.componentType !== 'series') { return; }
                var tick = c.ticks[p.seriesType === 'scatter' ? p.value[0] : p.dataIndex];
                if (tick && tick.report) { window.location.href = tick.report; }
            });
        },
        drawn: function (el, chart) { describe(el, chart, chartOf(el)); }
    });
})();

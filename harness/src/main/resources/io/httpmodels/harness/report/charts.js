// What the report's and the history page's scripts share: the palette, the font, and drawing every chart container
// of the page (.chart) with Apache ECharts. Each container gets data-rendered="true" once ECharts has finished
// drawing it; <body> counts them (data-charts-rendered of data-charts-total) and says data-report-done="true" when
// every chart is drawn, so a headless browser can check the page. A chart that cannot be drawn is a console error,
// which the page's error box shows.
var HttpModelsCharts = (function () {
    'use strict';

    // Tableau 10: distinct at a glance and in print.
    var PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#b07aa1', '#edc948', '#9c755f',
        '#ff9da7', '#bab0ac'];
    var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif';

    // Draws every container: optionOf(el) gives its ECharts option (or throws, naming what is missing);
    // hooks.init(el, chart), if given, runs once the chart exists; hooks.drawn(el, chart), if given, once it is
    // drawn, before the container is marked. Returns the charts, resized with the window.
    function drawAll(optionOf, hooks) {
        hooks = hooks || {};
        var containers = Array.prototype.slice.call(document.querySelectorAll('.chart'));
        var rendered = 0;
        document.body.setAttribute('data-charts-total', String(containers.length));
        document.body.setAttribute('data-charts-rendered', '0');

        function markRendered(el, chart) {
            if (el.getAttribute('data-rendered') === 'true') { return; }
            if (hooks.drawn) { hooks.drawn(el, chart); }
            el.setAttribute('data-rendered', 'true');
            rendered++;
            document.body.setAttribute('data-charts-rendered', String(rendered));
            if (rendered === containers.length) {
                document.body.setAttribute('data-page-height', String(document.documentElement.scrollHeight));
                document.body.setAttribute('data-report-done', 'true');
            }
        }

        var charts = [];
        containers.forEach(function (el) {
            try {
                var option = optionOf(el);
                var chart = echarts.init(el, null, {renderer: 'svg'});
                chart.on('finished', function () { markRendered(el, chart); });
                if (hooks.init) { hooks.init(el, chart); }
                chart.setOption(option);
                charts.push(chart);
            } catch (e) {
                console.error('chart ' + el.id + ': ' + (e && e.stack ? e.stack : e));
            }
        });
        if (containers.length === 0) {
            document.body.setAttribute('data-report-done', 'true');
        }
        window.addEventListener('resize', function () {
            charts.forEach(function (c) { c.resize(); });
        });
        return charts;
    }

    return {PALETTE: PALETTE, FONT: FONT, drawAll: drawAll};
})();

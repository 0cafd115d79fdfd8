module.exports = require('./probes').remove;

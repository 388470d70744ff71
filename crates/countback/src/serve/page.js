// countback serve: the page works without this script (a plain form post);
// with it, a chosen or dropped file is answered at once, the file stays
// chosen for the downloads, and only the options of the procedure in use
// are shown and sent.
(function () {
  'use strict';
  var form = document.getElementById('ask');
  if (!form || !window.fetch || !window.FormData || !window.DOMParser) { return; }
  var file = document.getElementById('file');
  var drop = document.getElementById('drop');
  var busy = document.getElementById('busy');
  var procedure = form.elements.procedure;
  var show = form.elements.show;
  var optionsFor = document.getElementById('options-for');
  var note = '';

  function current() { return document.getElementById('result'); }

  // The options group in use: the chosen procedure, else the one the last
  // answer used (the file's own), else a pairs session's scoring.
  function group() {
    if (procedure.value) { return procedure.value; }
    if (show.value === 'score') { return 'scoring'; }
    var r = current();
    return (r && r.getAttribute('data-group')) || '';
  }

  function hasValue(set) {
    var fields = set.querySelectorAll('input, select');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value) { return true; }
    }
    return false;
  }

  // A group is shown, and sent, when it is in use or holds a value: no
  // choice is ever sent unseen, and none is dropped unsaid (the server
  // refuses options of a group not in use).
  function syncOptions() {
    var g = group();
    var sets = form.querySelectorAll('fieldset[data-group]');
    for (var i = 0; i < sets.length; i++) {
      var on = sets[i].getAttribute('data-group') === g || hasValue(sets[i]);
      sets[i].hidden = !on;
      sets[i].disabled = !on;
    }
    if (optionsFor) {
      optionsFor.textContent = g ? '(' + g + ')' : '(shown once a file is read or a procedure chosen)';
    }
  }

  function wirePrint() {
    var p = document.getElementById('print');
    if (p) {
      p.hidden = false;
      p.addEventListener('click', function () { window.print(); });
    }
  }

  function say(text) { if (busy) { busy.textContent = text; } }

  function fail(message) {
    var section = document.createElement('section');
    section.id = 'result';
    section.className = 'result';
    section.tabIndex = -1;
    section.setAttribute('aria-label', 'Results');
    var box = document.createElement('div');
    box.className = 'error';
    box.setAttribute('role', 'alert');
    var h = document.createElement('h2');
    h.textContent = 'Not read';
    var p = document.createElement('p');
    p.className = 'message';
    p.textContent = message;
    box.appendChild(h);
    box.appendChild(p);
    section.appendChild(box);
    place(section);
  }

  function place(section) {
    var old = current();
    if (old) { old.replaceWith(section); } else { form.after(section); }
    wirePrint();
    syncOptions();
    section.focus();
  }

  function filename(disposition, fallback) {
    var m = /filename="([^"]+)"/.exec(disposition || '');
    return m ? m[1] : fallback;
  }

  function submit(want) {
    var vp = form.elements.show && form.elements.show.value === 'vp';
    if (!vp && (!file.files || !file.files.length)) {
      // The words come from the event library's table of file kinds, in
      // the page's markup, so that no list of kinds is written here.
      fail(file.getAttribute('data-choose'));
      file.focus();
      return;
    }
    var data = new FormData(form);
    data.set('want', want);
    // Only the fields of what is asked: the server refuses any it would
    // not read (IMPs to VPs reads no file; a file's answer no VP field).
    if (vp) {
      data.delete('file');
    } else {
      ['vp_scale', 'vp_boards', 'vp_margins'].forEach(function (n) { data.delete(n); });
    }
    if (!data.get('combine')) { ['match_by', 'count', 'minimum', 'series_ties'].forEach(function (n) { data.delete(n); }); }
    var what = vp ? 'IMPs to VPs' : file.files[0].name;
    say(want === 'page' ? 'Reading ' + what + '…' : 'Preparing the download…');
    form.setAttribute('aria-busy', 'true');
    fetch(form.action, { method: 'POST', body: data }).then(function (res) {
      var disposition = res.headers.get('content-disposition');
      if (want !== 'page' && res.ok && disposition) {
        return res.blob().then(function (blob) {
          var a = document.createElement('a');
          a.href = URL.createObjectURL(blob);
          a.download = filename(disposition, 'countback.' + want);
          document.body.appendChild(a);
          a.click();
          a.remove();
          setTimeout(function () { URL.revokeObjectURL(a.href); }, 30000);
          say('Downloaded ' + a.download + '.');
        });
      }
      return res.text().then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var fresh = doc.getElementById('result');
        if (!fresh) { throw new Error('the answer had no results (HTTP ' + res.status + ')'); }
        document.title = doc.title;
        place(document.importNode(fresh, true));
        say((res.ok ? 'Done.' : 'Not read: see the message below.') + note);
        note = '';
      });
    }).catch(function (err) {
      fail('The page could not reach countback: ' + err.message);
      say('');
    }).then(function () {
      form.removeAttribute('aria-busy');
    });
  }

  form.addEventListener('submit', function (e) {
    e.preventDefault();
    var want = (e.submitter && e.submitter.value) || 'page';
    submit(want);
  });
  // Options chosen for the last file's own procedure are not carried over
  // to a new file (a procedure chosen on the page, and its options, are).
  function newFile() {
    if (procedure.value) { return; }
    var cleared = false;
    var fields = form.querySelectorAll('fieldset[data-group] input, fieldset[data-group] select');
    for (var i = 0; i < fields.length; i++) {
      if (fields[i].value) { fields[i].value = ''; cleared = true; }
    }
    note = cleared ? ' The last file\'s options were cleared.' : '';
  }

  file.addEventListener('change', function () {
    if (file.files && file.files.length) { newFile(); submit('page'); }
  });
  procedure.addEventListener('change', syncOptions);
  form.addEventListener('change', function (e) {
    if (e.target && e.target.closest && e.target.closest('fieldset[data-group]')) { syncOptions(); }
  });
  show.addEventListener('change', syncOptions);

  // Drop a file anywhere on the page.
  function over(e) {
    if (e.dataTransfer && Array.prototype.indexOf.call(e.dataTransfer.types || [], 'Files') >= 0) {
      e.preventDefault();
      drop.classList.add('over');
    }
  }
  document.addEventListener('dragover', over);
  document.addEventListener('dragenter', over);
  document.addEventListener('dragleave', function (e) {
    if (!e.relatedTarget) { drop.classList.remove('over'); }
  });
  document.addEventListener('drop', function (e) {
    drop.classList.remove('over');
    if (!e.dataTransfer || !e.dataTransfer.files.length) { return; }
    e.preventDefault();
    file.files = e.dataTransfer.files;
    newFile();
    submit('page');
  });

  wirePrint();
  syncOptions();
}());

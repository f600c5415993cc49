// The teacher's live view: squaregame/classroom/pages.py serves it inside its page.
// the secret: from the printed address the first time; after that the page's cookie says it
const token=new URLSearchParams(location.search).get('token')||'';
history.replaceState(null,'',location.pathname+location.hash);  // the secret leaves the address bar
const H=token?{'X-Teacher-Token':token}:{};
let state=null,sortBy='name',desc=false,projecting=false;
// #student=N opens that student's detail (a link the teacher can keep)
let chosen=(/student=(\d+)/.exec(location.hash)||[])[1];chosen=chosen?Number(chosen):null;
const $=(s)=>document.querySelector(s);
function el(tag,text,attrs){const n=document.createElement(tag);
 if(text!==undefined&&text!==null)n.textContent=String(text);
 for(const k in attrs||{})n.setAttribute(k,attrs[k]);return n;}
async function get(path){const r=await fetch(path,{headers:H,cache:'no-store'});
 if(r.status===403){$('#live').textContent=T.forbidden;throw new Error('403');}
 if(r.status===503){$('#live').textContent=await r.text();throw new Error('503');}
 return r.json();}
const COLS=[['name',T['col.student']],['now',T['col.now']],['lessons',T['col.lessons']],
 ['exercises',T['col.exercises']],['blunders',T['col.blunders']],['last',T['col.last']]];
function key(r,c){switch(c){case 'name':return r.name.toLowerCase();case 'now':return r.now;
 case 'lessons':return r.lessons_mastered*1000+r.lessons_started;
 case 'exercises':return r.exercises_right*1e4+r.exercises_tried;
 case 'blunders':return r.blunders;case 'last':return -(r.last_active||0);}}
function drawGrid(){const head=$('#grid thead tr');head.replaceChildren();
 for(const [c,label] of COLS){const th=el('th');const b=el('button',label+(sortBy===c?(desc?' ▼':' ▲'):''));
  th.setAttribute('aria-sort',sortBy===c?(desc?'descending':'ascending'):'none');
  b.onclick=()=>{desc=sortBy===c?!desc:false;sortBy=c;drawGrid();};th.append(b);head.append(th);}
 const rows=[...state.rows].sort((a,b)=>{const x=key(a,sortBy),y=key(b,sortBy);
  return (x<y?-1:x>y?1:0)*(desc?-1:1);});
 const body=$('#grid tbody');body.replaceChildren();
 for(const r of rows){const tr=el('tr',null,{tabindex:'0',class:'student'+(r.id===chosen?' chosen':'')});
  const who=el('td');who.append(el('span',(r.online?'● ':'○ ')+r.name));
  who.append(el('span',' '+(r.online?T.online:T.offline),{class:'off'}));tr.append(who);
  tr.append(el('td',r.now));tr.append(el('td',r.lessons_mastered+' ★ / '+r.lessons_started));
  tr.append(el('td',r.exercises_right+' / '+r.exercises_tried));
  tr.append(el('td',r.blunders,{class:r.blunders?'bad':''}));tr.append(el('td',r.ago,{class:'off'}));
  tr.onclick=()=>{chosen=r.id;drawGrid();detail();};
  tr.onkeydown=(ev)=>{if(ev.key==='Enter'){chosen=r.id;drawGrid();detail();}};body.append(tr);}}
function chart(values){const step=20,w=Math.max(160,values.length*step+50),h=170,mid=85;
 const top=Math.max(1,...values.map(Math.abs));const ns='http://www.w3.org/2000/svg';
 const svg=document.createElementNS(ns,'svg');svg.setAttribute('width',w);svg.setAttribute('height',h);
 svg.setAttribute('role','img');svg.setAttribute('aria-label',T.chart);
 const line=(x1,y1,x2,y2,c)=>{const l=document.createElementNS(ns,'line');
  for(const [k,v] of Object.entries({x1,y1,x2,y2,stroke:c}))l.setAttribute(k,v);svg.append(l);};
 const text=(x,y,t)=>{const n=document.createElementNS(ns,'text');n.setAttribute('x',x);
  n.setAttribute('y',y);n.textContent=t;svg.append(n);return n;};
 line(36,mid,w,mid,'#789');line(36,4,36,h-4,'#789');
 text(0,14,'+'+top);text(14,mid+4,'0');text(0,h-4,'−'+top);
 values.forEach((v,i)=>{const r=document.createElementNS(ns,'rect');const bh=Math.max(2,Math.abs(v)/top*(mid-8));
  r.setAttribute('x',42+i*step);r.setAttribute('width',step-6);r.setAttribute('y',v>=0?mid-bh:mid);
  r.setAttribute('height',bh);r.setAttribute('fill',v>=0?'#7fd37f':'#ff8a7a');
  const tip=document.createElementNS(ns,'title');tip.textContent=(v>0?'+':v<0?'−':'')+Math.abs(v);
  r.append(tip);svg.append(r);});
 return svg;}
async function detail(){if(chosen===null)return;const d=await get('/teacher/student/'+chosen);
 const box=$('#detail');box.hidden=false;box.replaceChildren();
 const close=el('button',T.close,{class:'act'});close.onclick=()=>{chosen=null;box.hidden=true;drawGrid();};
 box.append(el('h2',T.detail.replace('{name}',d.name)),close);
 if(!d.game){box.append(el('p',T.no_game,{class:'off'}));}else{
  box.append(el('p',d.game_title));box.append(chart(d.chart));box.append(el('p',T.chart_note,{class:'off'}));
  const ol=el('ol');for(const m of d.moves){ol.append(el('li',(m.human?T.you:T.computer)+': '+m.move+' '+m.mark));}
  box.append(ol);}
 if(d.challenges&&d.challenges.length){box.append(el('h2',T.challenges));const cl=el('ul');
  for(const c of d.challenges)cl.append(el('li','#'+c.id+': '+c.text+' — '+c.result));box.append(cl);}
 box.append(el('h2',T.mistakes));if(!d.mistakes.length)box.append(el('p',T.no_mistakes,{class:'off'}));
 const ul=el('ul');for(const m of d.mistakes){ul.append(el('li',m.text));}box.append(ul);}
function form(){const box=$('#challenge');box.append(el('h2',T.challenge));
 const f=el('form');const p=(label,input)=>{const q=el('p');const id='f-'+input.name;input.id=id;
  q.append(el('label',label+' ',{for:id}),input);f.append(q);return input;};
 const game=el('select',null,{name:'game'});for(const [k,t] of KINDS)game.append(el('option',t,{value:k}));
 p(T.game,game);const pos=p(T.position,el('input',null,{name:'position',required:'',size:'20'}));
 const rules=p(T.rules,el('input',null,{name:'rules',size:'20'}));
 const mis=p(T.misere,el('input',null,{name:'misere',type:'checkbox'}));
 const helps=p(T.helps,el('input',null,{name:'helps',type:'checkbox'}));
 const ask=el('select',null,{name:'ask'});for(const a of ['win','moves','grundy'])ask.append(el('option',T['asks.'+a],{value:a}));
 p(T.ask,ask);const who=p(T.for,el('select',null,{name:'student'}));
 const said=el('p','',{class:'said','aria-live':'polite'});const send=el('button',T.send,{class:'act'});
 f.append(send,said);box.append(f);
 f.onsubmit=async(ev)=>{ev.preventDefault();const body={game:game.value,position:pos.value,
  rules:rules.value,misere:mis.checked,helps:helps.checked,ask:ask.value,student:who.value?Number(who.value):null};
  const r=await fetch('/teacher/challenge',{method:'POST',headers:{...H,'Content-Type':'application/json'},body:JSON.stringify(body)});
  const d=await r.json();said.className='said '+(d.ok?'good':'bad');said.textContent=d.ok?T.sent.replace('{challenge}',d.text):d.error;refresh();};
 return who;}
let whoSelect=null;
function students(){if(!whoSelect)return;const v=whoSelect.value;whoSelect.replaceChildren(el('option',T.everyone,{value:''}));
 for(const r of state.rows)whoSelect.append(el('option',r.name,{value:String(r.id)}));whoSelect.value=v;}
function scoreboard(){const box=$('#scoreboard');box.replaceChildren();box.append(el('h2',T.scoreboard));
 const pr=el('button',projecting?T.unproject:T.project,{class:'act'});
 pr.onclick=()=>{projecting=!projecting;document.body.classList.toggle('projecting',projecting);scoreboard();};box.append(pr);
 for(const [fmt,label] of [['csv',T.export_csv],['md',T.export_md]]){const b=el('button',label,{class:'act'});
  b.onclick=async()=>{const r=await fetch('/teacher/scoreboard.'+fmt,{headers:H});const blob=await r.blob();
   const a=el('a',null,{href:URL.createObjectURL(blob),download:'scoreboard.'+fmt});a.click();};box.append(' ',b);}
 if(!state.challenges.length){box.append(el('p',T.no_challenges,{class:'off'}));return;}
 for(const c of state.challenges){box.append(el('h2','#'+c.id+': '+c.text+(c.closed?' — '+T.ended:'')));
  if(!c.closed){const end=el('button',T.end,{class:'act'});end.onclick=async()=>{
   await fetch('/teacher/challenge/close',{method:'POST',headers:{...H,'Content-Type':'application/json'},body:JSON.stringify({id:c.id})});refresh();};box.append(end);}
  const t=el('table');
  const hr=el('tr');hr.append(el('th',T['col.student']),el('th',T['col.result']));t.append(hr);
  for(const r of state.scoreboard.filter(s=>s.challenge===c.id)){const tr=el('tr');
   tr.append(el('td',r.student),el('td',r.result,{class:r.answered?(r.solved?'good':'bad'):'off'}));t.append(tr);}
  box.append(t);}}
let last=null;
async function refresh(){try{state=await get('/teacher/state');}catch(e){
 if(last&&e.message!=='403'&&e.message!=='503')$('#live').textContent=T.stale.replace('{time}',last);return;}
 last=new Date(state.now*1000).toLocaleTimeString(document.documentElement.lang);
 $('#live').textContent=T.live.replace('{count}',state.online).replace('{total}',state.rows.length)
  .replace('{time}',new Date(state.now*1000).toLocaleTimeString(document.documentElement.lang));
 drawGrid();students();scoreboard();if(chosen!==null&&!$('#detail').hidden)detail();}
whoSelect=form();refresh().then(()=>{if(chosen!==null)detail();});setInterval(refresh,500);
